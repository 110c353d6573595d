# A private single-node Slurm for the tests, in a temporary folder: sourced
# by slurm.sh and slurm_kill.sh. slurm_start FOLDER writes FOLDER/slurm.conf
# (its own ports, AuthType=auth/none, CredType=cred/none,
# ProctrackType=proctrack/linuxproc, SelectType=select/cons_tres, state,
# spool and logs in FOLDER), starts slurmctld and slurmd (-N sknode) in the
# foreground as background jobs of this shell, and waits until the node is
# idle; slurm_stop stops both (the callers' trap runs it on every exit).
# Exit 77 (skipped) with a message when Slurm is not installed.

slurm_require() {
    for tool in slurmctld slurmd sbatch squeue scontrol scancel; do
        if ! command -v "$tool" > /dev/null 2>&1 && [ ! -x "/usr/sbin/$tool" ]; then
            echo "SKIP: Slurm is not installed ($tool not found); sh scripts/install-deps.sh --tests" \
                 "installs slurmctld slurmd slurm-client"
            exit 77
        fi
    done
    PATH=$PATH:/usr/sbin
    export PATH
}

# A free TCP port on 127.0.0.1 (the kernel's choice).
slurm_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

slurm_stop() {
    for pid in ${SLURMD_PID:-} ${SLURMCTLD_PID:-}; do
        kill "$pid" 2> /dev/null
    done
    for pid in ${SLURMD_PID:-} ${SLURMCTLD_PID:-}; do
        i=0
        while kill -0 "$pid" 2> /dev/null && [ $i -lt 50 ]; do
            sleep 0.1
            i=$((i + 1))
        done
        kill -9 "$pid" 2> /dev/null
    done
    SLURMD_PID='' SLURMCTLD_PID=''
}

# slurm_start FOLDER [CPUS]: 0 when the node is idle; 1 with the logs
# shown otherwise.
slurm_start() {
    folder=$1
    cpus=${2:-2}
    user=$(id -un)
    mkdir -p "$folder/state" "$folder/spool"
    ctld_port=$(slurm_free_port)
    slurmd_port=$(slurm_free_port)
    while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(slurm_free_port); done
    cat > "$folder/slurm.conf" <<CONF
ClusterName=sudokit-test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/none
CredType=cred/none
ProctrackType=proctrack/linuxproc
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SlurmdParameters=config_overrides
ReturnToService=2
StateSaveLocation=$folder/state
SlurmdSpoolDir=$folder/spool
SlurmctldPidFile=$folder/slurmctld.pid
SlurmdPidFile=$folder/slurmd.pid
SlurmctldLogFile=$folder/slurmctld.log
SlurmdLogFile=$folder/slurmd.log
SchedulerParameters=kill_invalid_depend
MinJobAge=600
NodeName=sknode NodeHostname=$(hostname) NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=sknode Default=YES MaxTime=INFINITE State=UP
CONF
    SLURM_CONF=$folder/slurm.conf
    export SLURM_CONF
    slurmctld -D -i -f "$SLURM_CONF" > "$folder/slurmctld.out" 2>&1 &
    SLURMCTLD_PID=$!
    slurmd -D -N sknode -f "$SLURM_CONF" > "$folder/slurmd.out" 2>&1 &
    SLURMD_PID=$!
    i=0
    while [ $i -lt 150 ]; do
        state=$(sinfo -h -N -n sknode -o %T 2> /dev/null)
        case $state in idle*) return 0 ;; esac
        sleep 0.2
        i=$((i + 1))
    done
    echo "the private Slurm did not start (node state '$state'):"
    tail -n 20 "$folder"/slurmctld.log "$folder"/slurmd.log "$folder"/*.out 2> /dev/null
    return 1
}
