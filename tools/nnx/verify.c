/* verify.c — `nnx verify A B [inputs] [--rtol R] [--atol A] [--bisect]`: run two models (two
 * formats of one model, or a model and its conversion) on the same inputs and compare every
 * output; with --bisect, also every intermediate tensor both name alike
 * (nnx_model_build_with, NNX_BUILD_EXPOSE_TENSORS), in A's execution order, to name the
 * first node whose result differs. Inputs are read (or generated) for A's types and
 * converted exactly to B's. */
#define _POSIX_C_SOURCE 200809L
#include "compare.h"
#include "run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char kUsage[] =
    "Usage: nnx verify [OPTIONS] A B [--input [NAME=]FILE]... [--inputs FILE.npz] [--cast]\n"
    "                  [--random-inputs SEED] [--rtol R] [--atol A] [--bisect] [--threads N]\n";

static const char kHelp[] = "\n"
                            "Run the models A and B (two formats of one model, or a model and its conversion) on the\n"
                            "same inputs and compare their outputs, matched by name (a name from before a\n"
                            "conversion finds the converted one; by position when no name matches, said so). Each\n"
                            "output gets one line: max abs and rel error and ok or MISMATCH. Inputs are read for\n"
                            "A's input types (--input, --inputs as for nnx run) or, for the inputs not given,\n"
                            "generated from --random-inputs SEED (default 0), and converted exactly to B's types.\n"
                            "\n"
                            "Options:\n"
                            "  -i, --input [NAME=]FILE   input NAME of A from FILE (.npy, .dat or .pb; repeatable)\n"
                            "      --inputs FILE.npz     each array of the bundle into the input of its name\n"
                            "      --cast                allow a lossy conversion to a float input type\n"
                            "      --random-inputs SEED  the seed of the inputs not given (default 0): uniform in\n"
                            "                            [-1, 1), integers and bool 0 or 1, as nnx run makes them\n"
                            "      --rtol R, --atol A    tolerance: |B - A| <= A + R * |A| (default R 1e-4, A 1e-5;\n"
                            "                            integers and bool must be equal)\n"
                            "      --bisect              also compare the intermediate tensors both models name\n"
                            "                            alike, in A's execution order, and name the first node\n"
                            "                            whose result differs\n"
                            "      --threads N           worker threads, 0 = one per core (default), 1 = none\n"
                            "  The model options apply to both models:\n" CLI_MODEL_HELP
                            "  -h, --help                show this help and exit\n"
                            "\n"
                            "Exit codes: 0 the outputs match, 1 a mismatch (or an invalid model or input), 2 usage\n"
                            "error, 3 not supported, 4 out of memory.\n";

enum {
    OPT_HELP,
    OPT_INPUT,
    OPT_INPUTS,
    OPT_CAST,
    OPT_RANDOM_INPUTS,
    OPT_RTOL,
    OPT_ATOL,
    OPT_BISECT,
    OPT_THREADS,
    OPT_MODEL
};
static const cli_option kOptions[] = {
    [OPT_HELP] = {"help", 'h', false},
    [OPT_INPUT] = {"input", 'i', true},
    [OPT_INPUTS] = {"inputs", 0, true},
    [OPT_CAST] = {"cast", 0, false},
    [OPT_RANDOM_INPUTS] = {"random-inputs", 0, true},
    [OPT_RTOL] = {"rtol", 0, true},
    [OPT_ATOL] = {"atol", 0, true},
    [OPT_BISECT] = {"bisect", 0, false},
    [OPT_THREADS] = {"threads", 0, true},
    [OPT_MODEL] = CLI_MODEL_OPTIONS,
};

typedef struct verify_input {
    const char *name; /* NULL: the bare --input FILE of a one-input model */
    const char *path;
} verify_input;

typedef struct verify_args {
    const char *paths[2];
    verify_input *inputs;
    size_t input_count;
    const char *bundle;
    bool cast, bisect;
    uint64_t seed;
    uint32_t threads;
    compare_tolerance tol;
    cli_model_args model_args;
} verify_args;

/* One loaded and compiled model with the data of its inputs and its outputs after the run. */
typedef struct side {
    const char *path;
    nnx_model *model;
    nnx_graph *graph;
    size_t n_model_outputs;
    run_buffer *inputs;  /* per model input */
    run_buffer *outputs; /* per graph output (model outputs first, then tensors with --bisect) */
} side;

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n > m && strcmp(s + n - m, suffix) == 0;
}

static bool is_input_file(const char *p) { return ends_with(p, ".npy") || ends_with(p, ".dat") || ends_with(p, ".pb"); }

static bool parse_number(const char *text, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (!*text || *end || !(v >= 0) || v > 1e300)
        return false;
    *out = v;
    return true;
}

static int take_option(cli_parser *p, int opt, const char *value, verify_args *a)
{
    unsigned long long seed;
    char *end;
    switch (opt) {
    case OPT_HELP: printf("%s%s", kUsage, kHelp); return NNX_EXIT_OK;
    case OPT_INPUT: {
        const char *eq = strchr(value, '=');
        bool bare = !eq || (is_input_file(value) && !is_input_file(eq + 1));
        verify_input in = {bare ? NULL : value, bare ? value : eq + 1};
        if ((!bare && eq == value) || !is_input_file(in.path))
            return cli_usage_error(p, "--input wants NAME=FILE or FILE, FILE a .npy, .dat or .pb file, got '%s'",
                                   value);
        if (bare ? a->input_count > 0 : a->input_count > 0 && !a->inputs[0].name)
            return cli_usage_error(p, "--input FILE without NAME= is for a model's one input: give no other --input");
        if (!bare) { /* the name ends at '=': copy it */
            char *name = strndup(value, (size_t)(eq - value));
            if (!name)
                return cli_usage_error(p, "out of memory");
            in.name = name;
        }
        a->inputs[a->input_count++] = in;
        return -1;
    }
    case OPT_INPUTS:
        if (a->bundle || !ends_with(value, ".npz"))
            return cli_usage_error(p, "--inputs wants one NumPy .npz file, got '%s'", value);
        a->bundle = value;
        return -1;
    case OPT_CAST: a->cast = true; return -1;
    case OPT_RANDOM_INPUTS:
        errno = 0;
        seed = strtoull(value, &end, 10);
        if (!*value || *end || *value == '-' || errno)
            return cli_usage_error(p, "--random-inputs wants a number from 0 to 18446744073709551615, got '%s'", value);
        a->seed = seed;
        return -1;
    case OPT_RTOL:
    case OPT_ATOL:
        if (!parse_number(value, opt == OPT_RTOL ? &a->tol.rtol : &a->tol.atol))
            return cli_usage_error(p, "--%s wants a number >= 0, got '%s'", kOptions[opt].long_name, value);
        return -1;
    case OPT_BISECT: a->bisect = true; return -1;
    case OPT_THREADS: return cli_threads_option(p, value, &a->threads);
    case CLI_POSITIONAL:
        if (a->paths[1])
            return cli_usage_error(p, "unexpected argument '%s'", value);
        a->paths[a->paths[0] ? 1 : 0] = value;
        return -1;
    default: return opt >= OPT_MODEL ? cli_model_option(p, &kOptions[opt], value, &a->model_args) : NNX_EXIT_USAGE;
    }
}

static int parse_args(int argc, char **argv, verify_args *a)
{
    cli_parser p;
    cli_init(&p, "nnx verify", kUsage, argc, argv);
    const char *value;
    int opt, rc;
    while ((opt = cli_next(&p, kOptions, sizeof kOptions / sizeof kOptions[0], &value)) != CLI_END)
        if ((rc = take_option(&p, opt, value, a)) >= 0)
            return rc;
    if (!a->paths[0])
        return cli_usage_error(&p, "missing models A and B");
    if (!a->paths[1])
        return cli_usage_error(&p, "missing model B");
    return -1;
}

/* ------------------------------------------------------------------ loading and inputs */

static int fail(nnx_context *ctx, nnx_status st)
{
    fprintf(stderr, "%s\n", nnx_context_error(ctx));
    return cli_exit_code(st);
}

static int load_side(const verify_args *a, nnx_context *ctx, side *s)
{
    nnx_model_options o = cli_model_options(&a->model_args);
    nnx_status st = nnx_model_load(ctx, s->path, &o, &s->model);
    if (st != NNX_OK)
        return fail(ctx, st);
    size_t input;
    uint32_t axis;
    if (cli_model_unbound(s->model, &input, &axis)) {
        fprintf(stderr, "%s: error: input '%s' dimension %u ('%s') needs an extent: give --input-shape %s=...\n",
                s->path, nnx_model_input_name(s->model, input), axis, nnx_model_input_dim_name(s->model, input, axis),
                nnx_model_input_name(s->model, input));
        return NNX_EXIT_INVALID_MODEL;
    }
    nnx_build_options b = {a->bisect ? NNX_BUILD_EXPOSE_TENSORS : 0};
    if ((st = nnx_model_build_with(s->model, &b, &s->graph)) != NNX_OK)
        return fail(ctx, st);
    s->n_model_outputs = nnx_model_output_count(s->model);
    s->inputs = calloc(nnx_model_input_count(s->model) + 1, sizeof *s->inputs);
    s->outputs = calloc(nnx_graph_output_count(s->graph) + 1, sizeof *s->outputs);
    if (!s->inputs || !s->outputs) {
        fprintf(stderr, "nnx verify: out of memory\n");
        return NNX_EXIT_INVALID_MODEL;
    }
    return NNX_EXIT_OK;
}

/* --inputs: each array into A's input of its name (an --input of that input wins). */
typedef struct bundle_state {
    const verify_args *a;
    side *s;
    const bool *given;
    int rc;
} bundle_state;

static nnx_status take_array(void *user, const char *name, const nnx_operand_desc *desc, const void *data, size_t size)
{
    (void)size;
    bundle_state *b = user;
    size_t i;
    if (nnx_model_find_input(b->s->model, name, &i) != NNX_OK) {
        fprintf(stderr, "%s: error: array '%s' names no input of %s\n", b->a->bundle, name, b->s->path);
        b->rc = NNX_EXIT_INVALID_MODEL;
        return NNX_ERROR_INVALID_ARGUMENT;
    }
    if (b->given[i] || b->s->inputs[i].data)
        return NNX_OK;
    nnx_operand_desc want;
    run_input_type(b->s->model, b->s->graph, i, &want);
    b->rc = run_take_array(nnx_model_input_name(b->s->model, i), b->a->bundle, desc, data, b->a->cast, &want,
                           &b->s->inputs[i]);
    return b->rc == NNX_EXIT_OK ? NNX_OK : NNX_ERROR_INVALID_ARGUMENT;
}

/* A's inputs: --input files, --inputs arrays, else seeded random values. */
static int gather_inputs(const verify_args *a, nnx_context *ctx, side *s)
{
    size_t n = nnx_model_input_count(s->model);
    bool *given = calloc(n + 1, sizeof *given);
    int rc = given ? NNX_EXIT_OK : NNX_EXIT_INVALID_MODEL;
    for (size_t k = 0; rc == NNX_EXIT_OK && k < a->input_count; k++) {
        size_t i = 0;
        if (!a->inputs[k].name && n != 1) {
            fprintf(stderr, "nnx verify: --input %s without NAME= needs a model with one input; %s has %zu\n",
                    a->inputs[k].path, s->path, n);
            rc = NNX_EXIT_INVALID_MODEL;
        } else if (a->inputs[k].name && nnx_model_find_input(s->model, a->inputs[k].name, &i) != NNX_OK) {
            rc = fail(ctx, NNX_ERROR_INVALID_ARGUMENT);
        } else if (!given[i]) {
            nnx_operand_desc want;
            run_input_type(s->model, s->graph, i, &want);
            rc = run_read_input(ctx, nnx_model_input_name(s->model, i), a->inputs[k].path, a->cast, &want,
                                &s->inputs[i]);
            given[i] = true;
        }
    }
    if (rc == NNX_EXIT_OK && a->bundle) {
        bundle_state b = {a, s, given, NNX_EXIT_OK};
        nnx_status st = nnx_tensor_bundle_read(ctx, a->bundle, NULL, take_array, &b);
        if (st != NNX_OK)
            rc = b.rc != NNX_EXIT_OK ? b.rc : fail(ctx, st);
    }
    for (size_t i = 0; rc == NNX_EXIT_OK && i < n; i++)
        if (!s->inputs[i].data) {
            nnx_operand_desc want;
            run_input_type(s->model, s->graph, i, &want);
            rc = run_random_input(a->seed, i, &want, &s->inputs[i]);
        }
    free(given);
    return rc;
}

/* B's inputs from A's: matched by name (either model's name from before a conversion), else
 * by position when the counts agree (said so); values converted exactly to B's types. */
static int share_inputs(side *A, side *B)
{
    size_t na = nnx_model_input_count(A->model), nb = nnx_model_input_count(B->model);
    bool by_position = false;
    for (size_t j = 0; j < nb; j++) {
        const char *name = nnx_model_input_name(B->model, j);
        size_t i = na;
        if (nnx_model_find_input(A->model, name, &i) != NNX_OK) {
            for (size_t k = 0; k < na; k++) {
                size_t back;
                if (nnx_model_find_input(B->model, nnx_model_input_name(A->model, k), &back) == NNX_OK && back == j)
                    i = k;
            }
        }
        if (i >= na && na == nb) {
            i = j;
            by_position = true;
        }
        if (i >= na) {
            fprintf(stderr, "%s: error: input '%s' has no input of %s to take its data from\n", B->path, name, A->path);
            return NNX_EXIT_INVALID_MODEL;
        }
        nnx_operand_desc want;
        run_input_type(B->model, B->graph, j, &want);
        int rc = run_take_array(name, A->path, &A->inputs[i].desc, A->inputs[i].data, false, &want, &B->inputs[j]);
        if (rc != NNX_EXIT_OK)
            return rc;
    }
    if (by_position)
        printf("note: the inputs of %s and %s are not named alike: matched by position\n", A->path, B->path);
    return NNX_EXIT_OK;
}

/* ------------------------------------------------------------------ running */

static int run_side(nnx_context *ctx, side *s)
{
    nnx_graph *g = s->graph;
    size_t ni = nnx_graph_input_count(g), no = nnx_graph_output_count(g);
    nnx_named_tensor *in = calloc(ni + 1, sizeof *in), *out = calloc(no + 1, sizeof *out);
    int rc = in && out ? NNX_EXIT_OK : NNX_EXIT_INVALID_MODEL;
    for (size_t i = 0; rc == NNX_EXIT_OK && i < ni; i++) {
        in[i].name = nnx_graph_input_name(g, i);
        size_t j = 0;
        while (j < nnx_model_input_count(s->model) && strcmp(nnx_model_input_name(s->model, j), in[i].name) != 0)
            j++;
        nnx_tensor_desc d = {.writable = true};
        nnx_graph_input_desc(g, i, &d.desc);
        nnx_status st = j < nnx_model_input_count(s->model) ? nnx_tensor_create(ctx, &d, &in[i].tensor)
                                                            : NNX_ERROR_INVALID_ARGUMENT;
        if (st == NNX_OK)
            st = nnx_tensor_write(in[i].tensor, s->inputs[j].data, s->inputs[j].size);
        if (st != NNX_OK)
            rc = fail(ctx, st);
    }
    for (size_t i = 0; i < no; i++)
        if (out)
            out[i].name = nnx_graph_output_name(g, i);
    if (rc == NNX_EXIT_OK) {
        nnx_status st = nnx_context_run(ctx, g, in, ni, out, no);
        if (st != NNX_OK)
            rc = fail(ctx, st);
    }
    for (size_t i = 0; rc == NNX_EXIT_OK && i < no; i++) {
        nnx_tensor_desc d;
        nnx_tensor_get_desc(out[i].tensor, &d);
        run_buffer *b = &s->outputs[i];
        *b = (run_buffer){.desc = d.desc};
        if (nnx_operand_desc_bytes(&d.desc, &b->size) != NNX_OK || !(b->data = malloc(b->size ? b->size : 1))) {
            fprintf(stderr, "nnx verify: out of memory\n");
            rc = NNX_EXIT_INVALID_MODEL;
        } else {
            nnx_status st = nnx_tensor_read(out[i].tensor, b->data, b->size);
            rc = st == NNX_OK ? NNX_EXIT_OK : fail(ctx, st);
        }
    }
    free(in);
    free(out);
    return rc;
}

/* ------------------------------------------------------------------ matching and comparing */

/* B's graph output that A's graph output i is (by name, either way round through the
 * sanitisers of nnx_graph_find_output), among B's first `limit` outputs; SIZE_MAX if none. */
static size_t match_output(side *A, size_t i, side *B, size_t limit)
{
    const char *name = nnx_graph_output_name(A->graph, i);
    size_t j;
    if (nnx_graph_find_output(B->graph, name, &j) == NNX_OK && j < limit)
        return j;
    for (j = 0; j < limit; j++) {
        const char *other = nnx_graph_output_name(B->graph, j);
        if (strcmp(other, name) == 0)
            return j;
        size_t back;
        if (nnx_graph_find_output(A->graph, other, &back) == NNX_OK && back == i)
            return j;
    }
    return SIZE_MAX;
}

/* "OP 'LABEL'" (or "OP" for a node without a label) of the node computing output i. */
static void print_producer(FILE *out, const side *s, size_t i)
{
    const char *op, *label;
    if (!nnx_graph_output_producer(s->graph, i, &op, &label))
        fprintf(out, "no node");
    else if (*label)
        fprintf(out, "%s '%s'", op, label);
    else
        fprintf(out, "%s", op);
}

/* Compares the model outputs; *first_bad: the first of A's that differs (SIZE_MAX: none). */
static bool compare_outputs(side *A, side *B, const compare_tolerance *tol, size_t *first_bad)
{
    size_t n = A->n_model_outputs;
    bool by_position = false, ok = true;
    *first_bad = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        size_t j = match_output(A, i, B, B->n_model_outputs);
        if (j == SIZE_MAX && n == B->n_model_outputs) {
            j = i;
            by_position = true;
        }
        const char *name = nnx_graph_output_name(A->graph, i);
        if (j == SIZE_MAX) {
            printf("%s: MISMATCH: %s has no output of this name\n", name, B->path);
            ok = false;
        } else if (!compare_report(stdout, name, &B->outputs[j], &A->outputs[i], tol, false, "B", "A")) {
            ok = false;
        } else {
            continue;
        }
        if (*first_bad == SIZE_MAX)
            *first_bad = i;
    }
    if (by_position)
        printf("note: the outputs of %s and %s are not all named alike: the rest matched by position\n", A->path,
               B->path);
    return ok;
}

/* --bisect: A's exposed tensors in execution order against B's of the same name. */
static void bisect(side *A, side *B, const compare_tolerance *tol, size_t first_bad_output)
{
    size_t na = nnx_graph_output_count(A->graph), nb = nnx_graph_output_count(B->graph);
    size_t compared = 0, skipped = 0;
    for (size_t i = A->n_model_outputs; i < na; i++) {
        size_t j = match_output(A, i, B, nb);
        if (j == SIZE_MAX)
            continue;
        compare_result r;
        compare_tensors(&B->outputs[j], &A->outputs[i], tol, false, &r);
        if (r.problem != COMPARE_OK) { /* e.g. NHWC against NCHW, or int32 against float */
            skipped++;
            continue;
        }
        compared++;
        if (r.bad == 0)
            continue;
        printf("bisect: the first tensor that differs is '%s', computed by ", nnx_graph_output_name(A->graph, i));
        print_producer(stdout, A, i);
        printf(" in A and ");
        print_producer(stdout, B, j);
        printf(" in B; the %zu tensor%s compared before it agree%s\n", compared - 1, compared == 2 ? "" : "s",
               compared == 2 ? "s" : "");
        compare_report(stdout, nnx_graph_output_name(A->graph, i), &B->outputs[j], &A->outputs[i], tol, false, "B",
                       "A");
        return;
    }
    if (compared == 0)
        printf("bisect: no intermediate tensor of the same shape is named alike in both models");
    else
        printf(compared == 1 ? "bisect: the %zu intermediate tensor named alike in both models agrees"
                             : "bisect: all %zu intermediate tensors named alike in both models agree",
               compared);
    if (skipped)
        printf(" (%zu more named alike differ in shape or type and were not compared)", skipped);
    if (first_bad_output != SIZE_MAX) {
        printf("; the outputs differ: the first, '%s', is computed by ",
               nnx_graph_output_name(A->graph, first_bad_output));
        print_producer(stdout, A, first_bad_output);
    }
    printf("\n");
}

static void side_free(side *s, nnx_context *ctx)
{
    (void)ctx;
    for (size_t i = 0; s->inputs && s->model && i < nnx_model_input_count(s->model); i++)
        run_buffer_free(&s->inputs[i]);
    for (size_t i = 0; s->outputs && s->graph && i < nnx_graph_output_count(s->graph); i++)
        run_buffer_free(&s->outputs[i]);
    free(s->inputs);
    free(s->outputs);
}

static int verify(const verify_args *a)
{
    nnx_context *ctx;
    nnx_status st = nnx_context_create(&(nnx_context_options){.threads = a->threads}, &ctx);
    if (st != NNX_OK) {
        fprintf(stderr, "nnx verify: cannot create a context: %s\n", nnx_status_string(st));
        return NNX_EXIT_INVALID_MODEL;
    }
    side A = {.path = a->paths[0]}, B = {.path = a->paths[1]};
    int rc = load_side(a, ctx, &A);
    if (rc == NNX_EXIT_OK)
        rc = load_side(a, ctx, &B);
    if (rc == NNX_EXIT_OK)
        rc = gather_inputs(a, ctx, &A);
    if (rc == NNX_EXIT_OK)
        rc = share_inputs(&A, &B);
    if (rc == NNX_EXIT_OK)
        rc = run_side(ctx, &A);
    if (rc == NNX_EXIT_OK)
        rc = run_side(ctx, &B);
    if (rc == NNX_EXIT_OK) {
        size_t first_bad;
        bool ok = compare_outputs(&A, &B, &a->tol, &first_bad);
        if (a->bisect)
            bisect(&A, &B, &a->tol, first_bad);
        printf("verify: %s\n", ok ? "the outputs match" : "MISMATCH");
        rc = ok ? NNX_EXIT_OK : NNX_EXIT_INVALID_MODEL;
    }
    side_free(&A, ctx);
    side_free(&B, ctx);
    nnx_context_destroy(ctx);
    return rc;
}

int cmd_verify(int argc, char **argv)
{
    verify_args a = {.tol = {COMPARE_RTOL, COMPARE_ATOL}};
    a.inputs = calloc((size_t)argc + 1, sizeof *a.inputs);
    if (!a.inputs) {
        fprintf(stderr, "nnx verify: out of memory\n");
        return NNX_EXIT_INVALID_MODEL;
    }
    int rc = parse_args(argc, argv, &a);
    if (rc < 0)
        rc = verify(&a);
    for (size_t i = 0; i < a.input_count; i++)
        free((char *)a.inputs[i].name);
    cli_model_args_free(&a.model_args);
    free(a.inputs);
    return rc;
}
