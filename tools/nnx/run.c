/* run.c — `nnx run MODEL [--input [NAME=]FILE]... [--inputs FILE.npz] [--cast] [--output-dir
 * DIR] [--output-format npy|dat] [--quiet] [--threads N] [--random-inputs SEED] [--quantize] [--input-shape
 * NAME=D0,...]`: load and compile a model, give it inputs from .npy/.dat/.pb files, .npz
 * bundles or seeded random values, dispatch it
 * once, summarise every output on standard output and optionally write each to DIR. File I/O
 * is in run_io.c, the summary in summary.c; --print in print_values.c, --save and the
 * output-path checks in save_bundle.c, --compare in compare.c, --json in json_run.c. */
#include "compare.h"
#include "json_report.h"
#include "run.h"

#include <stdlib.h>
#include <string.h>

static const char kUsage[] =
    "Usage: nnx run [OPTIONS] MODEL [--input [NAME=]FILE]... [--inputs FILE.npz] [--cast]\n"
    "               [--output-dir DIR] [-T npy|dat] [--threads N] [--random-inputs SEED]\n"
    "               [--quantize] [--quiet] [--lenient] [--json] [--print | --print-all]\n"
    "               [-o FILE.npz|DIR] [--save FILE.npz] [--compare REF.npz [--rtol R] [--atol A]]\n";

static const char kHelp[] =
    "\n"
    "Run MODEL once. Each graph input is read from a NumPy .npy, an NNEF .dat or an ONNX\n"
    "TensorProto .pb file (--input), from an array of a NumPy .npz bundle (--inputs), or\n"
    "filled with seeded pseudo-random values (--random-inputs). A file's shape must match\n"
    "the input's; its values are converted to the input's data type only when every one\n"
    "converts exactly (--cast: rounded to a float type). A model that leaves an input's\n"
    "shape open (an ONNX symbolic dimension) takes it from the input's file unless\n"
    "--input-shape gives it. Each output is summarised on standard output\n"
    "(data type, shape, min, max, mean; the top 5 of a class-score vector) and, with\n"
    "--output-dir, written to DIR/NAME.npy or DIR/NAME.dat.\n"
    "\n"
    "MODEL may also be a TOSA test: a desc.json, or the folder holding one (the reference\n"
    "model's test layout). Its tosa_file is loaded, the inputs ifm_name are read from\n"
    "ifm_file, and each output ofm_name is written to ofm_file beside desc.json (or in\n"
    "--output-dir). A test with expected_failure passes (exit 0) when the graph is\n"
    "rejected, printing the rule; if it runs instead, the exit code is 1.\n"
    "\n"
    "Options:\n"
    "  -i, --input [NAME=]FILE   read graph input NAME from FILE (.npy, .dat or .pb;\n"
    "                            repeatable); a model with one input takes --input FILE\n"
    "      --inputs FILE.npz     read each array of the bundle into the input of its name\n"
    "                            (--input wins for an input both give)\n"
    "      --cast                allow a lossy conversion to a float input type (float64\n"
    "                            to float32, int64 to float32): values are rounded\n"
    "      --output-dir DIR      write each output NAME to DIR/NAME.npy (created if missing)\n"
    "  -o, --output PATH         PATH ending in .npz: --save PATH; else --output-dir PATH\n"
    "      --save FILE.npz       write every output, by name, into one NumPy .npz bundle\n"
    "      --print               print each output's values as NumPy prints an array\n"
    "                            (more than 1000 values summarised with ...)\n"
    "      --print-all           --print without summarising\n"
    "      --compare REF.npz     compare each output with the array of its name in REF:\n"
    "                            max abs and rel error per output; exit 1 on a mismatch\n"
    "      --rtol R, --atol A    --compare's tolerance: |got - ref| <= A + R * |ref|\n"
    "                            (default R 1e-4, A 1e-5; integers and bool must be equal)\n"
    "  -T, --output-format FMT   the files --output-dir writes: npy (default), dat (NNEF\n"
    "                            tensor files) or npz (NAME.npz holding the array NAME)\n"
    "      --threads N           worker threads, 0 = one per core (default), 1 = none\n"
    "      --random-inputs SEED  fill the inputs not given with uniform values in [-1, 1)\n"
    "                            (integers and bool: 0 or 1), the same for the same SEED;\n"
    "                            variables that have no .dat file are then zero-filled\n"
    "  -q, --quiet               print no summary of the outputs\n"
    "      --quantize            apply the model's graph.quant: each tensor it names passes\n"
    "                            through its quantization op (pseudo-quantization)\n" CLI_MODEL_HELP
    "      --json                print one JSON document (each output's summary) instead\n"
    "                            of the text (docs/CLI.md)\n"
    "  -h, --help                show this help and exit\n"
    "\n"
    "Exit codes: 0 ok, 1 invalid model or bad input data, 2 usage error, 3 not supported,\n"
    "4 out of memory.\n";

enum {
    OPT_HELP,
    OPT_INPUT,
    OPT_INPUTS,
    OPT_CAST,
    OPT_OUTPUT_DIR,
    OPT_FORMAT,
    OPT_THREADS,
    OPT_RANDOM_INPUTS,
    OPT_QUANTIZE,
    OPT_QUIET,
    OPT_JSON,
    OPT_OUTPUT,
    OPT_SAVE,
    OPT_PRINT,
    OPT_PRINT_ALL,
    OPT_COMPARE,
    OPT_RTOL,
    OPT_ATOL,
    OPT_MODEL
};
static const cli_option kOptions[] = {
    [OPT_HELP] = {"help", 'h', false},
    [OPT_INPUT] = {"input", 'i', true},
    [OPT_INPUTS] = {"inputs", 0, true},
    [OPT_CAST] = {"cast", 0, false},
    [OPT_OUTPUT_DIR] = {"output-dir", 0, true},
    [OPT_FORMAT] = {"output-format", 'T', true},
    [OPT_THREADS] = {"threads", 0, true},
    [OPT_RANDOM_INPUTS] = {"random-inputs", 0, true},
    [OPT_QUANTIZE] = {"quantize", 0, false},
    [OPT_QUIET] = {"quiet", 'q', false},
    [OPT_JSON] = {"json", 0, false},
    [OPT_OUTPUT] = {"output", 'o', true},
    [OPT_SAVE] = {"save", 0, true},
    [OPT_PRINT] = {"print", 0, false},
    [OPT_PRINT_ALL] = {"print-all", 0, false},
    [OPT_COMPARE] = {"compare", 0, true},
    [OPT_RTOL] = {"rtol", 0, true},
    [OPT_ATOL] = {"atol", 0, true},
    [OPT_MODEL] = CLI_MODEL_OPTIONS,
};

/* One --input NAME=FILE: the name is not NUL-terminated (it points into argv); name_len 0
 * for a bare --input FILE (the model's one input). */
typedef struct run_input {
    const char *name;
    size_t name_len;
    const char *path;
} run_input;

typedef struct run_args {
    const char *model;
    run_input *inputs;
    size_t input_count;
    const char *bundle; /* --inputs FILE.npz */
    bool cast;
    const char *output_dir;
    const char *format_text; /* --output-format */
    bool quiet;              /* -q: no summary on standard output */
    uint32_t threads;
    bool random;
    uint64_t seed;
    bool json;                 /* --json: one JSON document instead of the summary (json_run.c) */
    cli_model_args model_args; /* --lenient, --params, --input-shape; --quantize and
                                  --random-inputs add their flags */
    const char *save;          /* --save FILE.npz (or -o FILE.npz) */
    bool print, print_all;     /* --print, --print-all */
    const char *compare;       /* --compare REF.npz */
    compare_tolerance tol;     /* --rtol, --atol */
    bool tol_given;
} run_args;

/* A decimal seed from 0 to 2^64-1, digits only. */
static bool parse_seed(const char *text, uint64_t *out)
{
    uint64_t v = 0;
    if (!*text)
        return false;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9' || v > (UINT64_MAX - (uint64_t)(*c - '0')) / 10)
            return false;
        v = v * 10 + (uint64_t)(*c - '0');
    }
    *out = v;
    return true;
}

/* path ends in ext with at least one character before it. */
static bool has_extension(const char *path, const char *ext)
{
    size_t n = strlen(path), m = strlen(ext);
    return n > m && strcmp(path + n - m, ext) == 0;
}

static bool is_input_file(const char *path)
{
    return has_extension(path, ".npy") || has_extension(path, ".dat") || has_extension(path, ".pb");
}

/* --input NAME=FILE (both parts non-empty, NAME given once) or --input FILE (once, the
 * model's one input); FILE ends in .npy, .dat or .pb. A value that is itself a file name
 * with an extension nnx reads is bare even if it holds '='. */
static int add_input(cli_parser *p, run_args *a, const char *value)
{
    const char *eq = strchr(value, '=');
    bool bare = !eq || (is_input_file(value) && !is_input_file(eq + 1));
    const char *path = bare ? value : eq + 1;
    if ((!bare && eq == value) || !is_input_file(path))
        return cli_usage_error(p, "--input wants NAME=FILE or FILE, FILE a .npy, .dat or .pb file, got '%s'", value);
    run_input in = {value, bare ? 0 : (size_t)(eq - value), path};
    if (bare && a->input_count)
        return cli_usage_error(p, "--input FILE without NAME= is for a model's one input: give no other --input");
    if (!bare && a->input_count && a->inputs[0].name_len == 0)
        return cli_usage_error(p, "--input FILE without NAME= is for a model's one input: give no other --input");
    for (size_t i = 0; i < a->input_count; i++)
        if (a->inputs[i].name_len == in.name_len && strncmp(a->inputs[i].name, in.name, in.name_len) == 0)
            return cli_usage_error(p, "--input '%.*s' given twice", (int)in.name_len, in.name);
    a->inputs[a->input_count++] = in;
    return -1;
}

/* A tolerance: a finite decimal number >= 0. */
static bool parse_tolerance(const char *text, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (!*text || *end || !(v >= 0) || v > 1e300)
        return false;
    *out = v;
    return true;
}

static int take_option(cli_parser *p, int opt, const char *value, run_args *a);

/* The options of what is done with the outputs (-o, --save, --print, --compare, ...). */
static int take_output_option(cli_parser *p, int opt, const char *value, run_args *a)
{
    if (opt == OPT_OUTPUT && !*value)
        return cli_usage_error(p, "-o wants FILE.npz or a folder");
    if (opt == OPT_OUTPUT && !has_extension(value, ".npz"))
        return take_option(p, OPT_OUTPUT_DIR, value, a);
    switch (opt) {
    case OPT_OUTPUT:
    case OPT_SAVE:
        if (a->save)
            return cli_usage_error(p, "--save (or -o FILE.npz) given twice");
        if (!has_extension(value, ".npz"))
            return cli_usage_error(p, "--save wants a NumPy .npz file, got '%s'", value);
        a->save = value;
        return -1;
    case OPT_PRINT: a->print = true; return -1;
    case OPT_PRINT_ALL: a->print = a->print_all = true; return -1;
    case OPT_COMPARE:
        if (a->compare)
            return cli_usage_error(p, "--compare given twice");
        if (!has_extension(value, ".npz"))
            return cli_usage_error(p, "--compare wants a NumPy .npz file, got '%s'", value);
        a->compare = value;
        return -1;
    default: /* --rtol, --atol */
        if (!parse_tolerance(value, opt == OPT_RTOL ? &a->tol.rtol : &a->tol.atol))
            return cli_usage_error(p, "--%s wants a number >= 0, got '%s'", kOptions[opt].long_name, value);
        a->tol_given = true;
        return -1;
    }
}

/* One option of `nnx run`; -1 to go on, else the exit code. */
static int take_option(cli_parser *p, int opt, const char *value, run_args *a)
{
    if (opt >= OPT_OUTPUT && opt <= OPT_ATOL)
        return take_output_option(p, opt, value, a);
    switch (opt) {
    case OPT_HELP: printf("%s%s", kUsage, kHelp); return NNX_EXIT_OK;
    case OPT_INPUT: return add_input(p, a, value);
    case OPT_INPUTS:
        if (a->bundle)
            return cli_usage_error(p, "--inputs given twice");
        if (!has_extension(value, ".npz"))
            return cli_usage_error(p, "--inputs wants a NumPy .npz file, got '%s'", value);
        a->bundle = value;
        return -1;
    case OPT_CAST: a->cast = true; return -1;
    case OPT_OUTPUT_DIR:
        if (a->output_dir)
            return cli_usage_error(p, "--output-dir given twice");
        if (!*value)
            return cli_usage_error(p, "--output-dir wants a folder");
        a->output_dir = value;
        return -1;
    case OPT_FORMAT:
        if (strcmp(value, "npy") != 0 && strcmp(value, "dat") != 0 && strcmp(value, "npz") != 0)
            return cli_usage_error(p, "--output-format wants npy, dat or npz, got '%s'", value);
        a->format_text = value;
        return -1;
    case OPT_THREADS: return cli_threads_option(p, value, &a->threads);
    case OPT_RANDOM_INPUTS:
        if (!parse_seed(value, &a->seed))
            return cli_usage_error(p, "--random-inputs wants a number from 0 to 18446744073709551615, got '%s'", value);
        a->random = true;
        a->model_args.flags |= NNX_MODEL_ZERO_MISSING_VARIABLES; /* try a model's structure without weights */
        return -1;
    case OPT_QUANTIZE: a->model_args.flags |= NNX_MODEL_APPLY_QUANTIZATION; return -1;
    case OPT_QUIET: a->quiet = true; return -1;
    case OPT_JSON: a->json = true; return -1;
    case CLI_POSITIONAL:
        if (a->model)
            return cli_usage_error(p, "unexpected argument '%s'", value);
        a->model = value;
        return -1;
    default: return opt >= OPT_MODEL ? cli_model_option(p, &kOptions[opt], value, &a->model_args) : NNX_EXIT_USAGE;
    }
}

/* -1 with *a filled when the command should go on, else the exit code. */
static int parse_args(int argc, char **argv, run_args *a)
{
    cli_parser p;
    cli_init(&p, "nnx run", kUsage, argc, argv);
    const char *value;
    int opt, rc;
    while ((opt = cli_next(&p, kOptions, sizeof kOptions / sizeof kOptions[0], &value)) != CLI_END)
        if ((rc = take_option(&p, opt, value, a)) >= 0)
            return rc;
    if (!a->model)
        return cli_usage_error(&p, "missing MODEL");
    if (a->format_text && !a->output_dir)
        return cli_usage_error(&p, "--output-format needs --output-dir");
    if (a->tol_given && !a->compare)
        return cli_usage_error(&p, "--rtol and --atol need --compare");
    /* output paths are checked before the model is loaded: a typo costs no run */
    if (a->save && cli_check_output_path("nnx run", "--save", a->save, false) != NNX_EXIT_OK)
        return NNX_EXIT_USAGE;
    if (a->output_dir && cli_check_output_path("nnx run", "--output-dir", a->output_dir, true) != NNX_EXIT_OK)
        return NNX_EXIT_USAGE;
    return -1;
}

/* ------------------------------------------------------------------ inputs */

static int report_inputs(const nnx_model *m, int rc)
{
    run_print_inputs(m);
    return rc;
}

static int missing_input(const char *name)
{
    fprintf(stderr,
            "nnx run: no data for input '%s' (give --input %s=FILE, --inputs FILE.npz or --random-inputs SEED)\n", name,
            name);
    return NNX_EXIT_INVALID_MODEL;
}

/* The model input --input k names (nnx_model_find_input: its own name, or the name it had
 * before a conversion, e.g. "input:0" for NNEF's "input_0"; a bare --input FILE: the model's
 * one input); n when none (said on stderr). */
static size_t input_of(const run_args *a, size_t k, nnx_context *ctx, nnx_model *m)
{
    size_t n = nnx_model_input_count(m), i = n;
    if (a->inputs[k].name_len == 0) {
        if (n == 1)
            return 0;
        fprintf(stderr, "nnx run: --input %s without NAME= needs a model with one input; this one has %zu\n",
                a->inputs[k].path, n);
        return n;
    }
    char *name = strndup(a->inputs[k].name, a->inputs[k].name_len);
    if (!name)
        fprintf(stderr, "nnx run: out of memory\n");
    else if (nnx_model_find_input(m, name, &i) != NNX_OK) {
        fprintf(stderr, "nnx run: %s\n", nnx_context_error(ctx));
        i = n;
    }
    free(name);
    return i;
}

/* --inputs: each array of the bundle into the buffer of the model input of its name, unless
 * an --input gave that input (given_for[i] != 0). */
typedef struct bundle_state {
    const run_args *a;
    nnx_context *ctx;
    nnx_model *m;
    const nnx_graph *g;
    run_buffer *buffers;
    const size_t *given_for;
    bool *from_bundle; /* per model input: an array of the bundle filled it */
    int rc;            /* the exit code of the first failure */
} bundle_state;

static nnx_status take_array(void *user, const char *name, const nnx_operand_desc *desc, const void *data, size_t size)
{
    (void)size;
    bundle_state *b = user;
    size_t i = 0, n = nnx_model_input_count(b->m);
    if (nnx_model_find_input(b->m, name, &i) != NNX_OK) {
        fprintf(stderr, "%s: error: array '%s' names no input of the model\n", b->a->bundle, name);
        b->rc = report_inputs(b->m, NNX_EXIT_INVALID_MODEL);
        return NNX_ERROR_INVALID_ARGUMENT;
    }
    if (i >= n || b->given_for[i])
        return NNX_OK; /* an --input gives it */
    if (b->from_bundle[i]) {
        fprintf(stderr, "%s: error: array '%s' gives input '%s' a second time\n", b->a->bundle, name,
                nnx_model_input_name(b->m, i));
        b->rc = NNX_EXIT_INVALID_MODEL;
        return NNX_ERROR_INVALID_ARGUMENT;
    }
    nnx_operand_desc want;
    run_input_type(b->m, b->g, i, &want);
    size_t n_path = strlen(b->a->bundle) + strlen(name) + 2;
    char *where = malloc(n_path);
    if (!where) {
        fprintf(stderr, "nnx run: out of memory\n");
        b->rc = NNX_EXIT_INVALID_MODEL;
        return NNX_ERROR_OUT_OF_MEMORY;
    }
    snprintf(where, n_path, "%s:%s", b->a->bundle, name);
    int rc = run_take_array(nnx_model_input_name(b->m, i), where, desc, data, b->a->cast, &want, &b->buffers[i]);
    free(where);
    if (rc != NNX_EXIT_OK) {
        b->rc = report_inputs(b->m, rc);
        return NNX_ERROR_INVALID_ARGUMENT;
    }
    b->from_bundle[i] = true;
    return NNX_OK;
}

static int read_bundle(bundle_state *b)
{
    nnx_status st = nnx_tensor_bundle_read(b->ctx, b->a->bundle, NULL, take_array, b);
    if (st == NNX_OK)
        return NNX_EXIT_OK;
    if (b->rc != NNX_EXIT_OK)
        return b->rc; /* take_array said why */
    fprintf(stderr, "%s\n", cli_error_text(b->ctx, st));
    return cli_exit_code(st);
}

/* Every --input names a model input; every model input gets data (file, bundle array,
 * random or error). */
static int gather_inputs(const run_args *a, nnx_context *ctx, nnx_model *m, const nnx_graph *g, run_buffer *buffers)
{
    size_t n = nnx_model_input_count(m);
    size_t *given_for = calloc(n + 1, sizeof *given_for); /* per model input: 1 + its --input, or 0 */
    bool *from_bundle = calloc(n + 1, sizeof *from_bundle);
    int rc = NNX_EXIT_OK;
    if (!given_for || !from_bundle) {
        fprintf(stderr, "nnx run: out of memory\n");
        rc = NNX_EXIT_INVALID_MODEL;
    }
    for (size_t k = 0; rc == NNX_EXIT_OK && k < a->input_count; k++) {
        size_t i = input_of(a, k, ctx, m);
        if (i == n)
            rc = report_inputs(m, NNX_EXIT_INVALID_MODEL);
        else if (!given_for[i]) /* the first --input for it counts */
            given_for[i] = k + 1;
    }
    if (rc == NNX_EXIT_OK && a->bundle) {
        bundle_state b = {a, ctx, m, g, buffers, given_for, from_bundle, NNX_EXIT_OK};
        rc = read_bundle(&b);
    }
    for (size_t i = 0; rc == NNX_EXIT_OK && i < n; i++) {
        const char *name = nnx_model_input_name(m, i);
        nnx_operand_desc want;
        run_input_type(m, g, i, &want);
        const run_input *given = given_for[i] ? &a->inputs[given_for[i] - 1] : NULL;
        if (from_bundle[i])
            continue;
        if (given)
            rc = run_read_input(ctx, name, given->path, a->cast, &want, &buffers[i]);
        else if (a->random)
            rc = run_random_input(a->seed, i, &want, &buffers[i]);
        else
            rc = missing_input(name);
        if (rc != NNX_EXIT_OK && rc != NNX_EXIT_UNSUPPORTED)
            rc = report_inputs(m, rc);
    }
    free(given_for);
    free(from_bundle);
    return rc;
}

/* ------------------------------------------------------------------ dispatch */

static int fail(nnx_context *ctx, nnx_status st)
{
    fprintf(stderr, "%s\n", cli_error_text(ctx, st));
    return cli_exit_code(st);
}

/* Tensors for the graph's inputs (from the model inputs' buffers, by name). */
static int bind_inputs(nnx_context *ctx, nnx_graph *g, const nnx_model *m, run_buffer *buffers, nnx_named_tensor *t)
{
    for (size_t i = 0; i < nnx_graph_input_count(g); i++) {
        t[i].name = nnx_graph_input_name(g, i);
        size_t j = 0;
        while (j < nnx_model_input_count(m) && strcmp(nnx_model_input_name(m, j), t[i].name) != 0)
            j++;
        if (j == nnx_model_input_count(m)) { /* nnx_model_build promises the model's names */
            fprintf(stderr, "nnx: the compiled graph has an input '%s' the model does not have\n", t[i].name);
            return NNX_EXIT_INVALID_MODEL;
        }
        nnx_tensor_desc d = {.writable = true};
        nnx_graph_input_desc(g, i, &d.desc);
        nnx_status st = nnx_tensor_create(ctx, &d, &t[i].tensor);
        if (st == NNX_OK)
            st = nnx_tensor_write(t[i].tensor, buffers[j].data, buffers[j].size);
        if (st != NNX_OK)
            return fail(ctx, st);
    }
    return NNX_EXIT_OK;
}

/* Summarises (and with --print shows) each output, writes it to the output folder when one
 * was given, then saves the bundle (--save) and compares with the reference (--compare). */
static int report_outputs(const run_args *a, nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *t)
{
    size_t n = nnx_graph_output_count(g);
    run_buffer *outs = calloc(n + 1, sizeof *outs);
    const char **names = calloc(n + 1, sizeof *names);
    int rc = outs && names ? NNX_EXIT_OK : NNX_EXIT_INVALID_MODEL;
    if (rc != NNX_EXIT_OK)
        fprintf(stderr, "nnx run: out of memory\n");
    for (size_t i = 0; i < n && rc == NNX_EXIT_OK; i++) {
        nnx_tensor_desc d;
        nnx_tensor_get_desc(t[i].tensor, &d);
        run_buffer *b = &outs[i];
        *b = (run_buffer){.desc = d.desc};
        names[i] = t[i].name;
        if (nnx_operand_desc_bytes(&d.desc, &b->size) != NNX_OK || !(b->data = malloc(b->size ? b->size : 1))) {
            fprintf(stderr, "nnx run: out of memory for output '%s'\n", t[i].name);
            rc = NNX_EXIT_INVALID_MODEL;
            break;
        }
        nnx_status st = nnx_tensor_read(t[i].tensor, b->data, b->size);
        if (st != NNX_OK) {
            rc = fail(ctx, st);
        } else {
            if (!a->quiet || a->json)
                run_show_output(t[i].name, b);
            if (a->print && !a->json)
                run_print_values(stdout, b, a->print_all);
            if (a->output_dir)
                rc = run_write_output(ctx, a->output_dir, t[i].name, a->format_text ? a->format_text : "npy", b);
        }
    }
    if (rc == NNX_EXIT_OK && a->save)
        rc = run_save_bundle(ctx, a->save, names, outs, n);
    if (rc == NNX_EXIT_OK && a->compare)
        rc = run_compare_outputs(ctx, g, a->compare, outs, &a->tol);
    for (size_t i = 0; outs && i < n; i++)
        run_buffer_free(&outs[i]);
    free(outs);
    free(names);
    return rc;
}

int run_make_tensors(nnx_context *ctx, nnx_graph *g, const nnx_model *m, run_buffer *buffers, nnx_named_tensor *in,
                     nnx_named_tensor *out)
{
    int rc = bind_inputs(ctx, g, m, buffers, in);
    for (size_t i = 0; i < nnx_graph_output_count(g) && rc == NNX_EXIT_OK; i++) {
        nnx_tensor_desc d = {.readable = true};
        nnx_graph_output_desc(g, i, &d.desc);
        out[i].name = nnx_graph_output_name(g, i);
        nnx_status st = nnx_tensor_create(ctx, &d, &out[i].tensor);
        rc = st == NNX_OK ? NNX_EXIT_OK : fail(ctx, st);
    }
    return rc;
}

static int dispatch(const run_args *a, nnx_context *ctx, nnx_graph *g, const nnx_model *m, run_buffer *buffers)
{
    size_t ni = nnx_graph_input_count(g), no = nnx_graph_output_count(g);
    nnx_named_tensor *in = calloc(ni + 1, sizeof *in), *out = calloc(no + 1, sizeof *out);
    int rc = NNX_EXIT_INVALID_MODEL;
    if (!in || !out)
        fprintf(stderr, "nnx run: out of memory\n");
    else
        rc = bind_inputs(ctx, g, m, buffers, in);
    for (size_t i = 0; i < no && rc == NNX_EXIT_OK; i++)
        out[i].name = nnx_graph_output_name(g, i);
    if (rc == NNX_EXIT_OK) {
        /* the run makes the outputs: their shapes may depend on the input values */
        cli_phase_begin("the first dispatch");
        nnx_status st = nnx_context_run(ctx, g, in, ni, out, no);
        cli_phase_end();
        if (st == NNX_OK && cli_progress_is_verbose()) { /* -v: a second run, the steady cost */
            cli_phase_begin("a steady dispatch");
            st = nnx_context_run(ctx, g, in, ni, out, no);
            cli_phase_end();
        }
        if (st == NNX_OK)
            rc = report_outputs(a, ctx, g, out);
        else if (st != NNX_ERROR_OUT_OF_MEMORY &&
                 !strstr(nnx_context_error(ctx), "error: ")) { /* a run-time error (an index out of range) */
            fprintf(stderr, "%s: error: %s\n", a->model, nnx_context_error(ctx));
            rc = cli_exit_code(st);
        } else
            rc = fail(ctx, st);
    }
    free(in);
    free(out);
    return rc;
}

/* Binds the shape of every --input file whose input has no --input-shape; how many. A bare
 * --input FILE binds the one input of m (the first load's model, NULL if it failed). */
static uint32_t bind_file_shapes(run_args *a, nnx_context *ctx, const nnx_model *m)
{
    uint32_t bound = 0;
    for (size_t k = 0; k < a->input_count; k++) {
        const run_input *in = &a->inputs[k];
        const char *name = in->name;
        size_t name_len = in->name_len;
        if (name_len == 0) {
            if (!m || nnx_model_input_count(m) != 1)
                continue; /* reported when the inputs are gathered */
            name = nnx_model_input_name(m, 0);
            name_len = strlen(name);
        }
        nnx_operand_desc d;
        void *data;
        size_t size;
        if (cli_model_args_shape(&a->model_args, name, name_len) ||
            nnx_tensor_file_read(ctx, in->path, run_input_format(in->path), &d, &data, &size) != NNX_OK)
            continue; /* an unreadable file is reported when the inputs are gathered */
        nnx_tensor_file_free(ctx, data);
        bound += cli_model_args_add_shape(&a->model_args, name, name_len, d.rank, d.shape);
    }
    return bound;
}

/* bind_file_shapes for the arrays of --inputs (an --input or --input-shape of the same name
 * wins: theirs are bound first). With the first load's model m, an array binds the input it
 * names by the model's own name, and one that names no input binds nothing (it is reported
 * when the inputs are gathered). */
typedef struct shape_binder {
    run_args *a;
    nnx_model *m;
    uint32_t bound;
} shape_binder;

static nnx_status bind_array_shape(void *user, const char *name, const nnx_operand_desc *d, const void *data,
                                   size_t size)
{
    (void)data, (void)size;
    shape_binder *b = user;
    size_t i;
    if (b->m) {
        if (nnx_model_find_input(b->m, name, &i) != NNX_OK)
            return NNX_OK;
        name = nnx_model_input_name(b->m, i);
    }
    if (!cli_model_args_shape(&b->a->model_args, name, strlen(name)))
        b->bound += cli_model_args_add_shape(&b->a->model_args, name, strlen(name), d->rank, d->shape);
    return NNX_OK;
}

static uint32_t bind_bundle_shapes(run_args *a, nnx_context *ctx, nnx_model *m)
{
    shape_binder b = {a, m, 0};
    if (a->bundle) /* an unreadable bundle is reported when the inputs are gathered */
        nnx_tensor_bundle_read(ctx, a->bundle, NULL, bind_array_shape, &b);
    return b.bound;
}

/* Loads a->model with the shapes the options give. A model that leaves dimensions of its
 * inputs open (ONNX symbolic dimensions; an NNVM graph without shapes fails to load) is
 * loaded again with the shapes of the --input files of inputs without --input-shape. A
 * model with fixed shapes keeps them, and a file of another shape is refused when the inputs
 * are gathered. On failure prints the (last) load's message. */
static int load_model(run_args *a, nnx_context *ctx, nnx_model **m)
{
    nnx_model_options o = cli_model_options(&a->model_args);
    cli_phase_begin("loading");
    nnx_status st = nnx_model_load(ctx, a->model, &o, m);
    cli_phase_end();
    size_t input;
    uint32_t axis;
    bool unbound = st == NNX_OK && cli_model_unbound(*m, &input, &axis);
    if ((unbound || (st != NNX_OK && st != NNX_ERROR_OUT_OF_MEMORY)) && (a->input_count > 0 || a->bundle)) {
        size_t n = strlen(nnx_context_error(ctx)) + 1;
        char *first = malloc(n);
        if (first)
            memcpy(first, nnx_context_error(ctx), n);
        uint32_t bound = bind_file_shapes(a, ctx, *m);
        if (bound + bind_bundle_shapes(a, ctx, *m) > 0) {
            if (*m)
                nnx_model_destroy(*m);
            *m = NULL;
            o = cli_model_options(&a->model_args);
            cli_phase_begin("loading with the input files' shapes");
            st = nnx_model_load(ctx, a->model, &o, m);
            cli_phase_end();
        } else if (first && st != NNX_OK) {
            fprintf(stderr, "%s\n", first); /* the file reads may have replaced the context's message */
            free(first);
            return cli_exit_code(st);
        }
        free(first);
    }
    if (st != NNX_OK)
        return fail(ctx, st);
    if (cli_model_unbound(*m, &input, &axis)) {
        const char *name = nnx_model_input_name(*m, input);
        nnx_operand_desc d;
        nnx_model_input_desc(*m, input, &d);
        fprintf(stderr, "%s: error: input '%s' is %s", a->model, name, cli_dtype_name(d.dtype));
        cli_print_model_shape(stderr, *m, false, input);
        fprintf(stderr, ": dimension %u ('%s') needs an extent: give --input %s=FILE or --input-shape %s=...\n", axis,
                nnx_model_input_dim_name(*m, input, axis), name, name);
        return NNX_EXIT_INVALID_MODEL;
    }
    return NNX_EXIT_OK;
}

/* Load, gather the inputs, compile, dispatch. */
static int run(run_args *a)
{
    char *desc = NULL;
    if (run_is_desc(a->model, &desc)) { /* a TOSA test folder: its desc.json gives the inputs */
        int rc = a->input_count || a->random || a->bundle
            ? (fprintf(stderr,
                       "nnx run: %s: a TOSA test's desc.json gives the inputs; --input, --inputs and "
                       "--random-inputs do not apply\n",
                       a->model),
               NNX_EXIT_USAGE)
            : a->save || a->print || a->compare
            ? (fprintf(stderr,
                       "nnx run: %s: a TOSA test writes its outputs where desc.json says; --save, --print "
                       "and --compare do not apply\n",
                       a->model),
               NNX_EXIT_USAGE)
            : run_desc(desc, a->output_dir, a->threads, &a->model_args.limits);
        free(desc);
        return rc;
    }
    nnx_context *ctx;
    nnx_status st = nnx_context_create(&(nnx_context_options){.threads = a->threads}, &ctx);
    if (st != NNX_OK) {
        fprintf(stderr, "nnx run: cannot create a context: %s\n", nnx_status_string(st));
        return NNX_EXIT_INVALID_MODEL;
    }
    nnx_model *m = NULL;
    nnx_graph *g = NULL;
    run_buffer *buffers = NULL;
    int rc = load_model(a, ctx, &m);
    if (rc != NNX_EXIT_OK) {
        nnx_context_destroy(ctx);
        return rc;
    }
    if (!(buffers = calloc(nnx_model_input_count(m) + 1, sizeof *buffers))) {
        fprintf(stderr, "nnx run: out of memory\n");
        rc = NNX_EXIT_INVALID_MODEL;
    } else if (cli_phase_begin("compiling"), st = nnx_model_build(m, &g), cli_phase_end(), st != NNX_OK) {
        rc = fail(ctx, st);
    } else if ((rc = gather_inputs(a, ctx, m, g, buffers)) == NNX_EXIT_OK) {
        rc = dispatch(a, ctx, g, m, buffers);
    }
    for (size_t i = 0; buffers && i < nnx_model_input_count(m); i++)
        run_buffer_free(&buffers[i]);
    free(buffers);
    nnx_context_destroy(ctx); /* the model, graph and tensors with it */
    return rc;
}

int cmd_run(int argc, char **argv)
{
    run_args a = {.tol = {COMPARE_RTOL, COMPARE_ATOL}};
    a.inputs = calloc((size_t)argc + 1, sizeof *a.inputs);
    if (!a.inputs) {
        fprintf(stderr, "nnx run: out of memory\n");
        return NNX_EXIT_INVALID_MODEL;
    }
    int rc = parse_args(argc, argv, &a);
    cli_progress_quiet(a.quiet || a.json); /* --json captures stderr: nothing drawn */
    if (rc < 0 && a.json) {
        json_run_begin(a.model);
        rc = json_end(run(&a));
    } else if (rc < 0) {
        rc = run(&a);
    }
    cli_model_args_free(&a.model_args);
    free(a.inputs);
    return rc;
}
