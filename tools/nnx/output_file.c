/* output_file.c — files a command writes (dot -o, and any other single-file result): the path
 * is checked before any work is done, and the file is written under a temporary name beside
 * it and renamed into place when complete, so a failure never leaves a truncated file or
 * destroys the previous one. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The folder path is in (malloc'ed): "." for a bare name. */
static char *parent_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

int cli_check_output_file(const cli_parser *p, const char *option, const char *path)
{
    struct stat st;
    if (!*path || path[strlen(path) - 1] == '/')
        return cli_usage_error(p, "%s wants a file name, got '%s'", option, path);
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return cli_usage_error(p, "%s %s: not a regular file", option, path);
    char *dir = parent_of(path);
    if (!dir) {
        fprintf(stderr, "%s: out of memory\n", p->prog);
        return NNX_EXIT_INVALID_MODEL;
    }
    int rc = -1;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        rc = cli_usage_error(p, "%s %s: the folder %s does not exist", option, path, dir);
    else if (access(dir, W_OK | X_OK) != 0)
        rc = cli_usage_error(p, "%s %s: the folder %s is not writable", option, path, dir);
    free(dir);
    return rc;
}

int cli_output_open(const char *path, cli_output *out)
{
    size_t n = strlen(path);
    out->path = path;
    out->temp = malloc(n + sizeof ".nnx-XXXXXX");
    out->file = NULL;
    if (!out->temp) {
        fprintf(stderr, "nnx: out of memory\n");
        return NNX_EXIT_INVALID_MODEL;
    }
    memcpy(out->temp, path, n);
    memcpy(out->temp + n, ".nnx-XXXXXX", sizeof ".nnx-XXXXXX");
    int fd = mkstemp(out->temp);
    if (fd < 0 || !(out->file = fdopen(fd, "w"))) {
        fprintf(stderr, "%s: error: cannot create the file: %s\n", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(out->temp);
        }
        free(out->temp);
        out->temp = NULL;
        return NNX_EXIT_INVALID_MODEL;
    }
    fchmod(fd, 0644 & ~cli_umask());
    return NNX_EXIT_OK;
}

int cli_output_close(cli_output *out, int rc)
{
    if (!out->file)
        return rc;
    bool written = !ferror(out->file);
    int err = 0;
    if (fclose(out->file) != 0 || !written)
        err = errno ? errno : EIO;
    out->file = NULL;
    if (rc == NNX_EXIT_OK && !err && rename(out->temp, out->path) != 0)
        err = errno;
    if (rc == NNX_EXIT_OK && err) {
        fprintf(stderr, "%s: error: cannot write the file: %s\n", out->path, strerror(err));
        rc = NNX_EXIT_INVALID_MODEL;
    }
    if (rc != NNX_EXIT_OK)
        unlink(out->temp);
    free(out->temp);
    out->temp = NULL;
    return rc;
}

mode_t cli_umask(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return mask;
}
