/* info.c — `nnx info PATH`: describe a model: its inputs and outputs (name, data type,
 * shape), a histogram of the operations it uses, and its parameter count and bytes. */
#include "json_report.h"

#include <stdlib.h>
#include <string.h>

static const char kUsage[] = "Usage: nnx info [OPTIONS] PATH [--json]\n";

static const char kHelp[] = "\n"
                            "Print what the model at PATH takes and gives: each input and output with its\n"
                            "data type and shape, how many times each operation occurs (after compound\n"
                            "operations are expanded), and how many parameters (weights) it has. Operations\n"
                            "nnx cannot run are marked in the counts and listed after them; an output\n"
                            "computed from one has an unknown shape, shown as ?.\n"
                            "\n"
                            "Options:\n"
                            "      --json     print one JSON document instead (docs/CLI.md)\n" CLI_MODEL_HELP
                            "  -h, --help     show this help and exit\n"
                            "\n"
                            "Exit codes: 0 ok, 1 invalid model, 2 usage error, 3 format not supported,\n"
                            "4 out of memory.\n";

static int by_count(const void *a, const void *b)
{
    const cli_op_count *x = a, *y = b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    return strcmp(x->name, y->name);
}

static void print_tensors(const nnx_model *m, bool output)
{
    size_t n = output ? nnx_model_output_count(m) : nnx_model_input_count(m);
    printf("%s:\n", output ? "outputs" : "inputs");
    for (size_t i = 0; i < n; i++) {
        nnx_operand_desc d;
        (output ? nnx_model_output_desc : nnx_model_input_desc)(m, i, &d);
        printf("  %-24s %-8s ", (output ? nnx_model_output_name : nnx_model_input_name)(m, i), cli_dtype_name(d.dtype));
        if (output && !nnx_model_output_shape_known(m, i))
            putchar('?'); /* computed from an operation nnx cannot run */
        else
            cli_print_model_shape(stdout, m, output, i);
        putchar('\n');
    }
}

cli_op_count *cli_op_histogram(const nnx_model *m, size_t *distinct)
{
    size_t n = nnx_model_op_count(m);
    cli_op_count *counts = calloc(n ? n : 1, sizeof *counts);
    *distinct = 0;
    if (!counts)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        const char *name = nnx_model_op_name(m, i);
        size_t k = 0;
        while (k < *distinct && strcmp(counts[k].name, name) != 0)
            k++;
        if (k == *distinct)
            counts[(*distinct)++] = (cli_op_count){name, 0};
        counts[k].count++;
    }
    qsort(counts, *distinct, sizeof *counts, by_count);
    return counts;
}

static int print_histogram(const nnx_model *m)
{
    size_t distinct;
    cli_op_count *counts = cli_op_histogram(m, &distinct);
    if (!counts) {
        fprintf(stderr, "nnx info: out of memory\n");
        return NNX_EXIT_INVALID_MODEL;
    }
    printf("operations: %zu\n", nnx_model_op_count(m));
    for (size_t k = 0; k < distinct; k++) {
        size_t bad = cli_unsupported_of_op(m, counts[k].name);
        printf("  %-24s %zu", counts[k].name, counts[k].count);
        if (bad)
            printf(bad == counts[k].count ? " (unsupported)" : " (%zu unsupported)", bad);
        putchar('\n');
    }
    free(counts);
    return NNX_EXIT_OK;
}

/* A TOSA model's profiles and extensions: "tosa profiles: PRO-INT, EXT-INT16" and, for
 * operators either profile serves, "(and one of: PRO-INT, PRO-FP)". */
static void print_tosa_profiles(const nnx_model *m)
{
    uint32_t all, any;
    if (nnx_model_tosa_profiles(m, &all, &any) != NNX_OK)
        return;
    printf("tosa profiles:");
    const char *sep = " ";
    for (uint32_t bit = 1; bit && bit <= NNX_TOSA_ALL_PROFILES; bit <<= 1)
        if (all & bit) {
            printf("%s%s", sep, nnx_tosa_profile_name(bit));
            sep = ", ";
        }
    if (any) {
        printf(" (one of");
        sep = " ";
        for (uint32_t bit = 1; bit && bit <= NNX_TOSA_ALL_PROFILES; bit <<= 1)
            if (any & bit) {
                printf("%s%s", sep, nnx_tosa_profile_name(bit));
                sep = ", ";
            }
        printf(")");
    }
    if (!all && !any)
        printf(" none");
    putchar('\n');
}

int cmd_info(int argc, char **argv)
{
    cli_model_args a = {0};
    const char *path = NULL;
    bool json = false;
    int rc = cli_parse_model_command_json("nnx info", kUsage, kHelp, argc, argv, &path, &a, &json);
    if (rc >= 0)
        return rc;
    a.flags |= NNX_MODEL_STRUCTURE_ONLY; /* describe what nnx cannot run too */
    if (json) {
        rc = json_info(path, &a);
        cli_model_args_free(&a);
        return rc;
    }
    nnx_context *ctx;
    nnx_model *m;
    rc = cli_load_model(path, &a, &ctx, &m);
    cli_model_args_free(&a);
    if (rc != NNX_EXIT_OK)
        return rc;
    printf("model: %s\n", path);
    print_tensors(m, false);
    print_tensors(m, true);
    rc = print_histogram(m);
    if (nnx_model_unsupported_count(m)) {
        printf("unsupported: %zu\n", nnx_model_unsupported_count(m));
        cli_print_unsupported(stdout, m, "  ");
    }
    uint64_t count, bytes;
    nnx_model_parameters(m, &count, &bytes);
    printf("parameters: %llu (%llu bytes)\n", (unsigned long long)count, (unsigned long long)bytes);
    print_tosa_profiles(m);
    if (nnx_model_staged_reason(m))
        printf("staged: output shapes depend on the input values, from %s\n", nnx_model_staged_reason(m));
    nnx_context_destroy(ctx);
    return rc;
}
