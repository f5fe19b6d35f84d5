/* cli.h — what the files of the nnx command share: exit codes, the subcommand entry
 * points, and a small argument parser (options.c) so every subcommand parses and reports
 * usage errors the same way. Internal to tools/nnx; not part of the library's API. */
#ifndef NNX_CLI_H
#define NNX_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "nnx.h"

/* Exit codes: documented in `nnx --help` and docs/CLI.md; scripts rely on them. */
enum {
    NNX_EXIT_OK = 0,
    NNX_EXIT_INVALID_MODEL = 1, /* the model breaks a rule of its format */
    NNX_EXIT_USAGE = 2,         /* unknown command or option, missing or bad argument */
    NNX_EXIT_UNSUPPORTED = 3    /* a valid request this build cannot serve (yet) */
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

/* Parses the arguments of a command that takes --help, --lenient, --params FILE and exactly
 * one PATH. Returns -1 with *path, *params (NULL when not given) and *flags (nnx_model_flags)
 * set when the command should go on, else the exit code to return (help was printed, or a
 * usage error reported). */
int cli_parse_model_command(const char *prog, const char *usage, const char *help, int argc, char **argv,
                            const char **path, const char **params, uint32_t *flags);

/* The help line of --params, shared by every command that loads a model. */
#define CLI_PARAMS_HELP \
    "      --params FILE\n" \
    "                 the TVM .params weights of an NNVM graph JSON (default: the one\n" \
    "                 *.params file beside it)\n"

/* model_io.c: the exit code for a library status (NOT_SUPPORTED -> 3, other errors -> 1). */
int cli_exit_code(nnx_status st);
/* Creates a context and loads path (params: an NNVM graph's weights file, NULL for the
 * default); on failure prints the library's message on stderr and
 * returns the exit code (nothing left to free), else NNX_EXIT_OK. */
int cli_load_model(const char *path, const char *params, uint32_t flags, nnx_context **ctx, nnx_model **model);
const char *cli_dtype_name(nnx_dtype dt);
void cli_print_shape(FILE *out, const nnx_operand_desc *d); /* "[1,3,224,224]" */

/* Subcommands (one file each). argv[0] is the subcommand's name; each handles --help. */
int cmd_check(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_dot(int argc, char **argv);
int cmd_bench(int argc, char **argv);

#endif /* NNX_CLI_H */
