/* cli.h — what the files of the nnx command share: exit codes, the subcommand entry
 * points, and a small argument parser (options.c) so every subcommand parses and reports
 * usage errors the same way. Internal to tools/nnx; not part of the library's API. */
#ifndef NNX_CLI_H
#define NNX_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "nnx.h"

/* Exit codes: documented in `nnx --help` and docs/CLI.md; scripts rely on them. */
enum {
    NNX_EXIT_OK = 0,
    NNX_EXIT_INVALID_MODEL = 1, /* the model breaks a rule of its format */
    NNX_EXIT_USAGE = 2,         /* unknown command or option, missing or bad argument */
    NNX_EXIT_UNSUPPORTED = 3,   /* a valid request this build cannot serve (yet) */
    NNX_EXIT_OUT_OF_MEMORY = 4  /* an allocation failed: the model may be fine (decision E40) */
};

/* One option a command accepts. "--name VALUE", "--name=VALUE", "-s VALUE" and "-sVALUE"
 * are all accepted for an option that takes a value. */
typedef struct cli_option {
    const char *long_name; /* without the leading "--"; NULL for a short-only option */
    char short_name;       /* 0 for a long-only option */
    bool takes_value;
} cli_option;

/* Parser state over argv[1..argc-1] (argv[0] is the command's own name). */
typedef struct cli_parser {
    const char *prog;  /* "nnx run": the prefix of every message */
    const char *usage; /* the command's usage lines, repeated after a usage error */
    int argc;
    char **argv;
    int index;            /* next argv element to look at */
    bool positional_only; /* set after "--": the rest are operands even if they start with '-' */
} cli_parser;

/* Results of cli_next besides an index into the options array. */
enum {
    CLI_END = -1,        /* no more arguments */
    CLI_POSITIONAL = -2, /* an operand; *value is it */
    CLI_ERROR = -3       /* a usage error, already reported on stderr: exit NNX_EXIT_USAGE */
};

void cli_init(cli_parser *p, const char *prog, const char *usage, int argc, char **argv);

/* The next argument: an index into options (with *value set to the option's value, or NULL
 * for a flag), CLI_POSITIONAL, CLI_END or CLI_ERROR. */
int cli_next(cli_parser *p, const cli_option *options, size_t count, const char **value);

/* Reports "PROG: MESSAGE", the usage and a pointer to --help on stderr; returns
 * NNX_EXIT_USAGE so callers can `return cli_usage_error(...)`. */
int cli_usage_error(const cli_parser *p, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Parses a decimal integer in [min, max]; false (and *out untouched) otherwise. */
bool cli_parse_long(const char *text, long min, long max, long *out);
/* --threads N, 0 (one per core) to NNX_MAX_THREADS: -1 with *threads set, else the usage
 * error's exit code (reported). */
int cli_threads_option(const cli_parser *p, const char *value, uint32_t *threads);

/* model_args.c: the options of every command that loads a model. A command lists
 * CLI_MODEL_OPTIONS in its option table and hands each of them to cli_model_option. */
typedef struct cli_model_args {
    uint32_t flags;          /* nnx_model_flags (--lenient, --strict-1.0.2, and the command's own) */
    const char *params;      /* --params FILE, or NULL */
    nnx_input_shape *shapes; /* --input-shape, in the order given; names malloc'ed */
    uint32_t shape_count, shape_room;
    uint64_t seed;            /* --seed: of the model's random operators */
    nnx_dim_binding dims[32]; /* --dim NAME=N; names point into argv */
    uint32_t dim_count;
    const char *format;       /* --format: onnx, nnef, nnvm or tosa; NULL: told from the content */
    nnx_model_options limits; /* --max-depth, --max-names, ...: only the max_* fields; 0: the library's default */
} cli_model_args;

#define CLI_MODEL_OPTIONS \
    {"lenient", 'l', false}, {"params", 0, true}, {"input-shape", 0, true}, {"seed", 0, true}, {"dim", 0, true}, \
        {"newer-opsets", 0, false}, {"format", 0, true}, {"verbose", 'v', false}, {"max-depth", 0, true}, \
        {"max-names", 0, true}, {"max-operations", 0, true}, {"max-elements", 0, true}, \
        {"max-archive-bytes", 0, true}, {"max-archive-ratio", 0, true}, \
    { \
        "strict-1.0.2", 0, false \
    }

/* Takes one of CLI_MODEL_OPTIONS (option is its table entry): -1 to go on, else the exit code
 * (a usage error, already reported). */
int cli_model_option(cli_parser *p, const cli_option *option, const char *value, cli_model_args *a);
/* Adds one NAME=D0,D1,... (a non-empty name, then 1 to NNX_MAX_RANK decimal extents, 0
 * allowed; NAME not given before): -1 to go on, else the exit code (a usage error, already
 * reported). */
int cli_model_parse_shape(cli_parser *p, cli_model_args *a, const char *value);
/* The shape given for the input called name (len bytes, not NUL-terminated), or NULL. */
const nnx_input_shape *cli_model_args_shape(const cli_model_args *a, const char *name, size_t len);
/* Adds a shape for the input called name (len bytes); false when out of memory. */
bool cli_model_args_add_shape(cli_model_args *a, const char *name, size_t len, uint32_t rank, const uint32_t *shape);
/* What nnx_model_load takes for a (which must outlive the load). */
nnx_model_options cli_model_options(const cli_model_args *a);
void cli_model_args_free(cli_model_args *a);

/* Parses the arguments of a command that takes --help, CLI_MODEL_OPTIONS and exactly one
 * PATH. Returns -1 with *path and *a set when the command should go on (free a with
 * cli_model_args_free), else the exit code to return (help was printed, or a usage error
 * reported; nothing to free). */
int cli_parse_model_command(const char *prog, const char *usage, const char *help, int argc, char **argv,
                            const char **path, cli_model_args *a);

/* cli_parse_model_command for a command that also takes --json, which sets *json. */
int cli_parse_model_command_json(const char *prog, const char *usage, const char *help, int argc, char **argv,
                                 const char **path, cli_model_args *a, bool *json);

/* info.c: how many times each operation occurs in m, most frequent first (then by name);
 * *distinct entries, malloc'ed (NULL when out of memory). */
typedef struct cli_op_count {
    const char *name;
    size_t count;
} cli_op_count;
cli_op_count *cli_op_histogram(const nnx_model *m, size_t *distinct);

/* The help lines of CLI_MODEL_OPTIONS, shared by every command that loads a model. */
#define CLI_MODEL_HELP \
    "  -l, --lenient  accept compositional syntax without its KHR_enable_* extensions\n" \
    "      --strict-1.0.2\n" \
    "                 NNEF: only the NNEF 1.0.2 standard library; a use of what NNEF-Tools\n" \
    "                 and tract added later (gather, cast, gelu, elu's alpha, ...) is an\n" \
    "                 error naming it\n" \
    "      --params FILE\n" \
    "                 the TVM .params weights of an NNVM graph JSON (default: STEM.params\n" \
    "                 beside STEM.json, else the one *.params file beside it)\n" \
    "      --input-shape NAME=D0,D1,...\n" \
    "                 the shape of graph input NAME (repeatable): binds the dimensions\n" \
    "                 an ONNX model leaves symbolic or unknown (its fixed ones must agree),\n" \
    "                 gives an NNVM graph saved without shapes its input's, replaces an\n" \
    "                 NNEF external's\n" \
    "      --dim NAME=N\n" \
    "                 the extent of every graph-input dimension the model names NAME (an\n" \
    "                 ONNX dim_param such as batch; repeatable); --input-shape wins\n" \
    "      --seed N   the seed of random operators that give none (ONNX RandomUniform,\n" \
    "                 RandomNormal, Bernoulli, training Dropout; default 0): drawn once,\n" \
    "                 when the model is loaded\n" \
    "      --newer-opsets\n" \
    "                 load an ONNX model that imports an opset newer than nnx knows,\n" \
    "                 reading each operator with the newest meaning nnx knows\n" \
    "      --max-depth N, --max-names N, --max-operations N, --max-elements N,\n" \
    "      --max-archive-bytes N, --max-archive-ratio N\n" \
    "                 raise a limit on what the file may make nnx do (defaults: nesting\n" \
    "                 100, names 2^24, operations after expansion 2^21, elements of one\n" \
    "                 built list or tensor 2^27, unpacked archive bytes 2^36, unpacked\n" \
    "                 bytes per compressed byte 100); a file over one is refused, exit 3\n" \
    "  -v, --verbose  say how long each phase took (load, compile, first and steady\n" \
    "                 dispatch) on stderr\n" \
    "      --format onnx|nnef|nnvm|tosa\n" \
    "                 read the model as this format (default: told from the file's content)\n"

/* model_io.c: the exit code for a library status (NOT_SUPPORTED -> 3, other errors -> 1). */
int cli_exit_code(nnx_status st);
/* The context's last message as the CLI prints it: a bare library "out of memory" (which
 * names nothing) becomes "nnx: out of memory", so the line says which program failed. */
const char *cli_error_text(nnx_context *ctx, nnx_status st);
/* Creates a context and loads path with a's options; on failure prints the library's
 * message on stderr and returns the exit code (nothing left to free), else NNX_EXIT_OK. */
int cli_load_model(const char *path, const cli_model_args *a, nnx_context **ctx, nnx_model **model);
const char *cli_dtype_name(nnx_dtype dt);
void cli_print_shape(FILE *out, const nnx_operand_desc *d); /* "[1,3,224,224]" */
/* Input or output i of m with its symbolic dimensions by name: "[batch,3,224,224]". */
void cli_print_model_shape(FILE *out, const nnx_model *m, bool output, size_t i);
/* The first input dimension of m that is symbolic (no extent bound), if any. */
bool cli_model_unbound(const nnx_model *m, size_t *input, uint32_t *axis);

/* output_file.c: paths a command writes. cli_check_output_path is called while parsing,
 * before any work: a file path (folder false) must not name a folder and its folder must exist
 * and be writable; a folder path must be a writable folder or sit under one (it is made).
 * Returns NNX_EXIT_OK, or NNX_EXIT_USAGE with "PROG: OPTION PATH: why" said on stderr.
 * cli_output_open creates PATH's temporary twin; cli_output_close(out, rc) renames it into
 * place when rc is NNX_EXIT_OK and everything was written, else removes it, and returns the
 * exit code (rc, or 1 after a write error, said on stderr). */
typedef struct cli_output {
    const char *path;
    char *temp;
    FILE *file;
} cli_output;
int cli_check_output_path(const char *prog, const char *option, const char *path, bool folder);
int cli_output_open(const char *path, cli_output *out);
int cli_output_close(cli_output *out, int rc);
mode_t cli_umask(void); /* the process's umask, left unchanged */

/* progress.c: phases of the command's work. cli_phase_begin(WHAT) ("loading", "compiling",
 * ...; a string that outlives the phase) starts one; cli_phase_end ends it and returns its
 * seconds. On a terminal (unless quiet) a phase that lasts a second shows "nnx: WHAT... 1.2 s"
 * on stderr until it ends; verbose (-v) says "nnx: WHAT took N ms" at its end. */
void cli_progress_verbose(bool on);
void cli_progress_quiet(bool on);
bool cli_progress_is_verbose(void);
void cli_phase_begin(const char *what);
double cli_phase_end(void);

/* unsupported.c: the operations of a model loaded with NNX_MODEL_STRUCTURE_ONLY that nnx
 * cannot run (nnx_model_unsupported). How many of them are of operator op; each on a line
 * of its own ("INDENTnode 'N' (OP): REASON"); all on one ("OP (node 'N'), ..."). */
size_t cli_unsupported_of_op(const nnx_model *m, const char *op);
void cli_print_unsupported(FILE *out, const nnx_model *m, const char *indent);
void cli_print_unsupported_summary(FILE *out, const nnx_model *m);

/* Subcommands (one file each). argv[0] is the subcommand's name; each handles --help. */
int cmd_check(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_dot(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_verify(int argc, char **argv);

#endif /* NNX_CLI_H */
