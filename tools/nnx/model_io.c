/* model_io.c — loading a model for a subcommand: create the context, load, and turn a
 * failure into the documented exit code with the library's message on stderr (already in
 * the form PATH:LINE:COL: error: MESSAGE). */
#include "cli.h"

#include <stdio.h>
#include <string.h>

int cli_exit_code(nnx_status st)
{
    switch (st) {
    case NNX_OK: return NNX_EXIT_OK;
    case NNX_ERROR_NOT_SUPPORTED: return NNX_EXIT_UNSUPPORTED;
    case NNX_ERROR_OUT_OF_MEMORY: return NNX_EXIT_OUT_OF_MEMORY;
    default: return NNX_EXIT_INVALID_MODEL;
    }
}

const char *cli_error_text(nnx_context *ctx, nnx_status st)
{
    const char *msg = nnx_context_error(ctx);
    if (st == NNX_ERROR_OUT_OF_MEMORY && (!msg || !*msg || strcmp(msg, "out of memory") == 0))
        return "nnx: out of memory";
    return msg;
}

int cli_load_model(const char *path, const cli_model_args *a, nnx_context **ctx, nnx_model **model)
{
    *model = NULL;
    nnx_status st = nnx_context_create(&(nnx_context_options){.threads = 1}, ctx);
    if (st != NNX_OK) {
        fprintf(stderr, "nnx: cannot create a context: %s\n", nnx_status_string(st));
        return NNX_EXIT_INVALID_MODEL;
    }
    nnx_model_options options = cli_model_options(a);
    cli_phase_begin("loading");
    st = nnx_model_load(*ctx, path, &options, model);
    cli_phase_end();
    if (st != NNX_OK) {
        fprintf(stderr, "%s\n", cli_error_text(*ctx, st));
        nnx_context_destroy(*ctx);
        *ctx = NULL;
        return cli_exit_code(st);
    }
    return NNX_EXIT_OK;
}

const char *cli_dtype_name(nnx_dtype dt)
{
    const char *name = nnx_dtype_name(dt);
    return name ? name : "?";
}

void cli_print_shape(FILE *out, const nnx_operand_desc *d)
{
    fputc('[', out);
    for (uint32_t i = 0; i < d->rank; i++)
        fprintf(out, i ? ",%u" : "%u", d->shape[i]);
    fputc(']', out);
}

void cli_print_model_shape(FILE *out, const nnx_model *m, bool output, size_t i)
{
    nnx_operand_desc d;
    (output ? nnx_model_output_desc : nnx_model_input_desc)(m, i, &d);
    fputc('[', out);
    for (uint32_t k = 0; k < d.rank; k++) {
        const char *name = (output ? nnx_model_output_dim_name : nnx_model_input_dim_name)(m, i, k);
        if (k)
            fputc(',', out);
        if (name)
            fputs(name, out);
        else
            fprintf(out, "%u", d.shape[k]);
    }
    fputc(']', out);
}

bool cli_model_unbound(const nnx_model *m, size_t *input, uint32_t *axis)
{
    for (size_t i = 0; i < nnx_model_input_count(m); i++)
        for (uint32_t k = 0; k < NNX_MAX_RANK; k++)
            if (nnx_model_input_dim_name(m, i, k)) {
                *input = i;
                *axis = k;
                return true;
            }
    return false;
}
