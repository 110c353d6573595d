/* The host's CPU model, as benchmark runs record it. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "op.h"

/* The value of a "model name : ..." line of /proc/cpuinfo (the field's
 * name differs between architectures), trimmed, or false. */
static bool cpu_model_from_cpuinfo(char *buf, size_t len)
{
    static const char *const fields[] = {"model name", "Hardware", "cpu model", "Processor"};
    FILE *in = fopen("/proc/cpuinfo", "r");
    if (!in)
        return false;
    char line[512];
    bool found = false;
    while (!found && fgets(line, sizeof line, in)) {
        char *colon = strchr(line, ':');
        if (!colon)
            continue;
        size_t name_len = (size_t)(colon - line);
        while (name_len > 0 && isspace((unsigned char)line[name_len - 1]))
            name_len--;
        for (size_t i = 0; i < sizeof fields / sizeof fields[0] && !found; i++)
            found = name_len == strlen(fields[i]) && strncmp(line, fields[i], name_len) == 0;
        if (!found)
            continue;
        char *value = colon + 1 + strspn(colon + 1, " \t");
        size_t n = strlen(value);
        while (n > 0 && isspace((unsigned char)value[n - 1]))
            value[--n] = '\0';
        found = n > 0;
        if (found)
            snprintf(buf, len, "%s", value);
    }
    fclose(in);
    return found;
}

void ski_cpu_model(char *buf, size_t len)
{
    struct utsname host;
    if (cpu_model_from_cpuinfo(buf, len))
        return;
    if (uname(&host) == 0)
        snprintf(buf, len, "%s", host.machine);
    else
        snprintf(buf, len, "unknown");
}
