/* Temporary files removed when a signal ends the process (not public). */
#ifndef SUDOKIT_CLEANUP_H
#define SUDOKIT_CLEANUP_H

/* Install, once per process, handlers for SIGINT, SIGTERM, SIGHUP and
 * SIGPIPE that remove the remembered files, then hand the signal to the
 * handler that was there before (the default one ends the process with
 * the signal); a signal the program ignores stays ignored. Only a program
 * that asks calls this (sk_ctx_config's stop_on_signals): a library
 * installs no handler of its own accord. */
void ski_cleanup_install(void);

/* Remember path (which must stay valid until ski_cleanup_forget) as a file
 * to remove if a signal ends the process, once ski_cleanup_install was
 * called. Returns a slot for ski_cleanup_forget, or -1 when every slot is
 * taken (the file is then not removed on a signal). */
int ski_cleanup_remember(const char *path);

/* Stop removing the file of slot (>= 0; -1 is ignored). */
void ski_cleanup_forget(int slot);

#endif /* SUDOKIT_CLEANUP_H */
