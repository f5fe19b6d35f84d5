/* save_bundle.c — where `nnx run` writes its outputs as a whole: `--save FILE.npz`, one
 * NumPy bundle of every output by name, through nnx_tensor_bundle_write. Its path is checked
 * before the model is loaded (cli_check_output_path, output_file.c). */
#define _POSIX_C_SOURCE 200809L
#include "run.h"

#include <stdlib.h>

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
