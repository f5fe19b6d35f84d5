/* main.c — the nnx command's entry point: global options (--help, --version) and the
 * table that dispatches `nnx COMMAND ...` to one function per subcommand. Adding a
 * subcommand means one new file and one row in kCommands. */
#include "cli.h"

#include <nnx.h>

#include <stdio.h>
#include <string.h>

typedef struct command {
    const char *name;
    const char *summary; /* one line for `nnx --help` */
    int (*run)(int argc, char **argv);
} command;

static int cmd_help(int argc, char **argv);

static const command kCommands[] = {
    {"check", "validate a model", cmd_check},
    {"info", "show a model's inputs, outputs and operator histogram", cmd_info},
    {"run", "run a model on inputs from .npy or .dat files (or random ones)", cmd_run},
    {"convert", "convert a model from one format to another", cmd_convert},
    {"dot", "draw a model's graph (Graphviz DOT, SVG or PNG)", cmd_dot},
    {"bench", "time a model's inference", cmd_bench},
    {"verify", "run two models on the same inputs and compare their outputs", cmd_verify},
    {"help", "show the help of a command", cmd_help},
};
static const size_t kCommandCount = sizeof kCommands / sizeof kCommands[0];

static const char kUsage[] = "Usage: nnx [--help | --version]\n"
                             "       nnx COMMAND [OPTIONS] [ARGS]\n";

static void print_help(void)
{
    printf("%s\nnnx checks, inspects, converts and runs neural-network models.\n\nCommands:\n", kUsage);
    for (size_t i = 0; i < kCommandCount; i++)
        printf("  %-9s %s\n", kCommands[i].name, kCommands[i].summary);
    printf("\n"
           "Options:\n"
           "  -h, --help     show this help and exit\n"
           "      --version  show the library version and exit\n"
           "\n"
           "Run 'nnx COMMAND --help' for the options of a command.\n"
           "\n"
           "Exit codes:\n"
           "  0  success\n"
           "  1  invalid model: the model breaks a rule of its format\n"
           "  2  usage error: unknown command or option, missing or bad argument\n"
           "  3  not supported: a valid request this build cannot serve yet\n");
}

/* Usage errors of the command line itself: message, usage and a hint, all on stderr. */
static int usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "nnx: %s '%s'\n%sTry 'nnx --help' for more information.\n", what, arg, kUsage);
    return NNX_EXIT_USAGE;
}

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < kCommandCount; i++)
        if (strcmp(kCommands[i].name, name) == 0)
            return &kCommands[i];
    return NULL;
}

/* `nnx help [COMMAND]`: the same text as `nnx --help` or `nnx COMMAND --help`. */
static int cmd_help(int argc, char **argv)
{
    if (argc < 2) {
        print_help();
        return NNX_EXIT_OK;
    }
    if (argc > 2)
        return usage_error("help takes one command, got extra argument", argv[2]);
    const command *c = find_command(argv[1]);
    if (!c)
        return usage_error("unknown command", argv[1]);
    if (c->run == cmd_help) {
        print_help();
        return NNX_EXIT_OK;
    }
    char help_flag[] = "--help";
    char *help_argv[] = {argv[1], help_flag, NULL};
    return c->run(2, help_argv);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "nnx: missing command\n%sTry 'nnx --help' for more information.\n", kUsage);
        return NNX_EXIT_USAGE;
    }
    const char *first = argv[1];
    if (strcmp(first, "--help") == 0 || strcmp(first, "-h") == 0) {
        print_help();
        return NNX_EXIT_OK;
    }
    if (strcmp(first, "--version") == 0) {
        printf("nnx %s\n", nnx_version());
        return NNX_EXIT_OK;
    }
    if (first[0] == '-')
        return usage_error("unknown option", first);

    const command *c = find_command(first);
    if (!c)
        return usage_error("unknown command", first);
    /* The subcommand sees its own name as argv[0], like a program of its own. */
    return c->run(argc - 1, argv + 1);
}
