/* Temporary files removed when a signal ends the process (not public). */
#ifndef SUDOKIT_CLEANUP_H
#define SUDOKIT_CLEANUP_H

/* Remember path (which must stay valid until sk_cleanup_forget) as a file
 * to remove if SIGINT, SIGTERM, SIGHUP or SIGPIPE ends the process. The
 * handlers are installed on first use; each removes the files, then hands
 * the signal to the handler that was there before (the default one ends
 * the process with the signal). Returns a slot for sk_cleanup_forget, or
 * -1 when every slot is taken (the file is then not removed on a signal). */
int sk_cleanup_remember(const char *path);

/* Stop removing the file of slot (>= 0; -1 is ignored). */
void sk_cleanup_forget(int slot);

#endif /* SUDOKIT_CLEANUP_H */
