/* save_bundle.c — where `nnx run` writes its outputs as a whole: `--save FILE.npz` (one
 * NumPy bundle of every output by name, through nnx_tensor_bundle_write), and the check that
 * an output path (--save, --output-dir, -o) can be written, made before the model is loaded
 * so a typo costs no run. */
#define _POSIX_C_SOURCE 200809L
#include "run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int run_save_bundle(nnx_context *ctx, const char *path, const char *const *names, const run_buffer *outputs, size_t n)
{
    nnx_tensor_bundle_array *arrays = calloc(n + 1, sizeof *arrays);
    run_buffer *wide = calloc(n + 1, sizeof *wide);
    int rc = arrays && wide ? NNX_EXIT_OK : NNX_EXIT_INVALID_MODEL;
    if (rc != NNX_EXIT_OK)
        fprintf(stderr, "nnx run: out of memory\n");
    size_t made = 0;
    for (; rc == NNX_EXIT_OK && made < n; made++) {
        rc = run_widen_for_npy(&outputs[made], &wide[made]);
        arrays[made] = (nnx_tensor_bundle_array){names[made], wide[made].desc, wide[made].data, wide[made].size};
    }
    if (rc == NNX_EXIT_OK) {
        nnx_status st = nnx_tensor_bundle_write(ctx, path, arrays, n);
        if (st != NNX_OK) {
            fprintf(stderr, "%s\n", nnx_context_error(ctx));
            rc = cli_exit_code(st);
        }
    }
    for (size_t i = 0; wide && i < made; i++)
        if (wide[i].data != outputs[i].data)
            run_buffer_free(&wide[i]);
    free(arrays);
    free(wide);
    return rc;
}

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

int run_check_output_path(const char *prog, const char *option, const char *path, bool folder)
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
