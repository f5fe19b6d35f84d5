/* options.c — the nnx command's argument parser: GNU-style long and short options,
 * "--" to end options, and uniform usage errors. Deliberately tiny and without global
 * state (unlike getopt), so every subcommand can parse its own argv from scratch. */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_init(cli_parser *p, const char *prog, const char *usage, int argc, char **argv)
{
    p->prog = prog;
    p->usage = usage;
    p->argc = argc;
    p->argv = argv;
    p->index = 1;
    p->positional_only = false;
}

/* The option's value: the text after '=' or the attached short value when given inline,
 * else the next argument. Reports a missing value. */
static int take_value(cli_parser *p, int option, const char *inline_value, const char *shown, const char **value)
{
    if (inline_value) {
        *value = inline_value;
        return option;
    }
    if (p->index >= p->argc) {
        cli_usage_error(p, "option '%s' needs a value", shown);
        return CLI_ERROR;
    }
    *value = p->argv[p->index++];
    return option;
}

static int next_long(cli_parser *p, const cli_option *options, size_t count, const char *arg, const char **value)
{
    const char *name = arg + 2;
    const char *eq = strchr(name, '=');
    size_t length = eq ? (size_t)(eq - name) : strlen(name);

    for (size_t i = 0; i < count; i++) {
        const char *candidate = options[i].long_name;
        if (!candidate || strlen(candidate) != length || strncmp(candidate, name, length) != 0)
            continue;
        if (!options[i].takes_value) {
            if (eq) {
                cli_usage_error(p, "option '--%s' takes no value", candidate);
                return CLI_ERROR;
            }
            return (int)i;
        }
        return take_value(p, (int)i, eq ? eq + 1 : NULL, arg, value);
    }
    cli_usage_error(p, "unknown option '%.*s'", (int)(length + 2), arg);
    return CLI_ERROR;
}

static int next_short(cli_parser *p, const cli_option *options, size_t count, const char *arg, const char **value)
{
    /* Only one short option per argument: "-ab" is not a bundle of -a and -b, it is -a with
     * the value "b" when -a takes one, and an error otherwise. */
    for (size_t i = 0; i < count; i++) {
        if (options[i].short_name == 0 || options[i].short_name != arg[1])
            continue;
        if (!options[i].takes_value) {
            if (arg[2] != '\0') {
                cli_usage_error(p, "unknown option '%s'", arg);
                return CLI_ERROR;
            }
            return (int)i;
        }
        char shown[3] = {'-', arg[1], '\0'};
        return take_value(p, (int)i, arg[2] ? arg + 2 : NULL, shown, value);
    }
    cli_usage_error(p, "unknown option '%s'", arg);
    return CLI_ERROR;
}

int cli_next(cli_parser *p, const cli_option *options, size_t count, const char **value)
{
    *value = NULL;
    if (p->index >= p->argc)
        return CLI_END;
    const char *arg = p->argv[p->index++];

    /* "-" alone is an operand (conventionally standard input), as is everything after "--". */
    if (p->positional_only || arg[0] != '-' || arg[1] == '\0') {
        *value = arg;
        return CLI_POSITIONAL;
    }
    if (strcmp(arg, "--") == 0) {
        p->positional_only = true;
        return cli_next(p, options, count, value);
    }
    if (arg[1] == '-')
        return next_long(p, options, count, arg, value);
    return next_short(p, options, count, arg, value);
}

int cli_usage_error(const cli_parser *p, const char *format, ...)
{
    va_list args;
    fprintf(stderr, "%s: ", p->prog);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, "\n%sTry '%s --help' for more information.\n", p->usage, p->prog);
    return NNX_EXIT_USAGE;
}

int cli_threads_option(const cli_parser *p, const char *value, uint32_t *threads)
{
    long n;
    if (!cli_parse_long(value, 0, NNX_MAX_THREADS, &n))
        return cli_usage_error(p, "--threads wants a number from 0 to %d (NNX_MAX_THREADS), got '%s'", NNX_MAX_THREADS,
                               value);
    *threads = (uint32_t)n;
    return -1;
}

bool cli_parse_long(const char *text, long min, long max, long *out)
{
    /* strtol would also skip leading blanks and take a '+'; a count written " 5" or "+5"
     * is more likely a mistake than intent, so the text must start with a digit or '-'. */
    const char *digits = text[0] == '-' ? text + 1 : text;
    if (!isdigit((unsigned char)digits[0]))
        return false;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (*end != '\0' || errno == ERANGE || v < min || v > max)
        return false;
    *out = v;
    return true;
}

/* One argument of a command that takes --help, --json (when json is not NULL),
 * CLI_MODEL_OPTIONS and one PATH: -1 to go on, else the exit code. */
static int take_model_command_option(cli_parser *p, const cli_option *options, int opt, const char *value,
                                     const char *help, const char **path, cli_model_args *a, bool *json)
{
    switch (opt) {
    case 0: printf("%s%s", p->usage, help); return NNX_EXIT_OK;
    case 1: *json = true; return -1;
    case CLI_POSITIONAL:
        if (*path)
            return cli_usage_error(p, "unexpected argument '%s'", value);
        *path = value;
        return -1;
    default: return opt > 1 ? cli_model_option(p, &options[opt], value, a) : NNX_EXIT_USAGE;
    }
}

int cli_parse_model_command_json(const char *prog, const char *usage, const char *help, int argc, char **argv,
                                 const char **path, cli_model_args *a, bool *json)
{
    /* without json, --json is not offered: its row has no name, so nothing matches it */
    static const cli_option options[] = {{"help", 'h', false}, {"json", 0, false}, CLI_MODEL_OPTIONS};
    static const cli_option plain[] = {{"help", 'h', false}, {NULL, 0, false}, CLI_MODEL_OPTIONS};
    cli_parser p;
    cli_init(&p, prog, usage, argc, argv);
    const char *value;
    int opt, rc = -1;
    *path = NULL;
    while (rc < 0 &&
           (opt = cli_next(&p, json ? options : plain, sizeof options / sizeof options[0], &value)) != CLI_END)
        rc = take_model_command_option(&p, options, opt, value, help, path, a, json);
    if (rc < 0 && !*path)
        rc = cli_usage_error(&p, "missing PATH");
    if (rc >= 0)
        cli_model_args_free(a);
    return rc;
}

int cli_parse_model_command(const char *prog, const char *usage, const char *help, int argc, char **argv,
                            const char **path, cli_model_args *a)
{
    return cli_parse_model_command_json(prog, usage, help, argc, argv, path, a, NULL);
}
