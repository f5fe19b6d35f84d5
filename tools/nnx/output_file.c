/* output_file.c — paths a command writes (dot -o, run --save/--output-dir/-o): checked before
 * any work is done, so a typo costs no run; and a single file written under a temporary name
 * beside it and renamed into place when complete, so a failure never leaves a truncated file
 * or destroys the previous one. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The folder part of path ("." when it has none); NULL when out of memory. */
static char *parent_of(const char *path)
{
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/') /* "out/" names out */
        n--;
    while (n > 0 && path[n - 1] != '/')
        n--;
    while (n > 1 && path[n - 1] == '/')
        n--;
    return n == 0 ? strdup(".") : strndup(path, n);
}

static int bad_path(const char *prog, const char *option, const char *path, const char *why, const char *detail)
{
    fprintf(stderr, "%s: %s %s: %s%s\n", prog, option, path, why, detail ? detail : "");
    return NNX_EXIT_USAGE;
}

int cli_check_output_path(const char *prog, const char *option, const char *path, bool folder)
{
    struct stat st;
    if (stat(path, &st) == 0) {
        if (folder && !S_ISDIR(st.st_mode))
            return bad_path(prog, option, path, "exists and is not a folder", NULL);
        if (!folder && S_ISDIR(st.st_mode))
            return bad_path(prog, option, path, "is a folder, not a file", NULL);
        if (folder && access(path, W_OK | X_OK) != 0)
            return bad_path(prog, option, path, "the folder cannot be written: ", strerror(errno));
        if (folder)
            return NNX_EXIT_OK;
    } else if (errno != ENOENT && errno != ENOTDIR) { /* ENOTDIR: a file on the way, named below */
        return bad_path(prog, option, path, "", strerror(errno));
    }
    /* a file's folder must exist; a folder to make needs its nearest existing parent */
    char *dir = parent_of(path);
    if (!dir) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return NNX_EXIT_INVALID_MODEL;
    }
    int rc = NNX_EXIT_OK;
    while (rc == NNX_EXIT_OK) {
        if (stat(dir, &st) == 0) {
            if (!S_ISDIR(st.st_mode))
                rc = bad_path(prog, option, path, "not in a folder: ", dir);
            else if (access(dir, W_OK | X_OK) != 0)
                rc = bad_path(prog, option, path, "the folder cannot be written: ", dir);
            break;
        }
        if (errno != ENOENT || !folder) {
            rc = bad_path(prog, option, path, errno == ENOENT ? "no such folder: " : "cannot use the folder: ", dir);
            break;
        }
        char *up = parent_of(dir);
        if (!up || strcmp(up, dir) == 0) {
            free(up);
            break;
        }
        free(dir);
        dir = up;
    }
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
