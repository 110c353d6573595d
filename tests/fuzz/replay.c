/* Replay saved fuzz inputs through a target's LLVMFuzzerTestOneInput, so
 * every seed and every input that once crashed is a test in every build.
 * usage: replay_TARGET PATH...  (files, or folders whose files are read in
 * name order; a folder that does not exist yet is skipped). */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

/* Read path whole and run it; returns 0, or -1 when it cannot be read. */
static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    long len = -1;
    uint8_t *data = NULL;
    if (f && fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0)
        data = malloc((size_t)len + 1); /* + 1: malloc(0) may give NULL */
    bool read = data && fread(data, 1, (size_t)len, f) == (size_t)len;
    int saved_errno = errno;
    if (f)
        fclose(f);
    if (!read) {
        fprintf(stderr, "replay: cannot read %s: %s\n", path, strerror(saved_errno));
        free(data);
        return -1;
    }
    printf("replay: %s (%ld bytes)\n", path, len);
    fflush(stdout);
    LLVMFuzzerTestOneInput(data, (size_t)len);
    free(data);
    return 0;
}

static int replay_by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

static int replay_visible(const struct dirent *entry)
{
    return entry->d_name[0] != '.';
}

/* Run every file of folder dir; adds how many to *count. */
static int replay_folder(const char *dir, size_t *count)
{
    struct dirent **names;
    int n = scandir(dir, &names, replay_visible, replay_by_name);
    if (n < 0) {
        fprintf(stderr, "replay: cannot list %s: %s\n", dir, strerror(errno));
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < n; i++) {
        char path[4096];
        size_t len = strlen(dir);
        snprintf(path, sizeof path, "%s%s%s", dir, len && dir[len - 1] == '/' ? "" : "/",
                 names[i]->d_name);
        if (rc == 0 && replay_file(path) == 0)
            ++*count;
        else
            rc = -1;
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
    size_t count = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            printf("replay: %s does not exist yet, skipped\n", argv[i]);
            continue;
        }
        int rc = 0;
        if (S_ISDIR(st.st_mode))
            rc = replay_folder(argv[i], &count);
        else if ((rc = replay_file(argv[i])) == 0)
            count++;
        if (rc != 0)
            return 1;
    }
    printf("replay: %zu inputs, no crash\n", count);
    if (count == 0) {
        fprintf(stderr, "replay: no inputs found: give the seed corpus folder\n");
        return 1;
    }
    return 0;
}
