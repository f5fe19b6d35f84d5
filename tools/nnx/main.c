/* main.c — the nnx command's entry point: global options (--help, --version) and the
 * table that dispatches `nnx COMMAND ...` to one function per subcommand. Adding a
 * subcommand means one new file and one row in kCommands. */
#include "cli.h"

#include <nnx.h>
#include <nnx_commit.h>

#include <stdio.h>
#include <stdlib.h>
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
    {"run", "run a model on inputs from .npy, .npz, .pb or .dat files (or random ones)", cmd_run},
    {"convert", "convert a model from one format to another", cmd_convert},
    {"dot", "draw a model's graph (Graphviz DOT, or any format Graphviz renders)", cmd_dot},
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
           "      --version  show the version, the commit built, the kernels and threads this\n"
           "                 machine gets and the formats compiled in, and exit\n"
           "\n"
           "Run 'nnx COMMAND --help' for the options of a command.\n"
           "\n"
           "Exit codes:\n"
           "  0  success\n"
           "  1  invalid model: the model breaks a rule of its format\n"
           "  2  usage error: unknown command or option, missing or bad argument\n"
           "  3  not supported: a valid request this build cannot serve yet\n"
           "  4  out of memory: an allocation failed (the model may be valid)\n"
           "\n"
           "Environment:\n"
           "  NNX_CPU_LEVEL  the kernels to use at most: reference (no fast kernels), generic,\n"
           "                 avx2 or avx512 (default: the best this CPU supports); any other\n"
           "                 value is an error\n"
           "  NNX_PROGRESS_DELAY_MS\n"
           "                 how long a phase runs before progress shows on a terminal\n"
           "                 (default 1000)\n");
}

/* NNX_CPU_LEVEL holds no level name: a usage error of the environment. */
static int bad_cpu_level(void)
{
    fprintf(stderr,
            "nnx: NNX_CPU_LEVEL='%s' names no CPU level: use reference, generic, avx2 or avx512 (or unset it)\n",
            getenv("NNX_CPU_LEVEL"));
    return NNX_EXIT_USAGE;
}

/* `nnx --version`: the version, then what a bug report needs: the commit built, the kernels
 * and thread count this machine gets, the formats compiled in. NNX_CPU_LEVEL naming no level
 * is an error here as it is for every command that compiles a graph. */
static int print_version(int argc, char **argv)
{
    if (argc > 2) {
        fprintf(stderr, "nnx: --version takes no argument, got '%s'\n%sTry 'nnx --help' for more information.\n",
                argv[2], kUsage);
        return NNX_EXIT_USAGE;
    }
    const char *level = nnx_kernel_level();
    printf("nnx %s\n"
           "commit: %s\n"
           "cpu level: %s\n"
           "threads: %u by default (one per online core; --threads N to change)\n"
           "formats: %s\n",
           nnx_version(), NNX_BUILD_COMMIT, level ? level : "(NNX_CPU_LEVEL names no level)", nnx_default_threads(),
           nnx_formats());
    return level ? NNX_EXIT_OK : bad_cpu_level();
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
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0)) {
        printf("Usage: nnx help [COMMAND]\n\nShow the help of COMMAND (the same as 'nnx COMMAND --help'), or of nnx "
               "itself.\n\nOptions:\n  -h, --help     show this help and exit\n");
        return NNX_EXIT_OK;
    }
    if (argc < 2) {
        print_help();
        return NNX_EXIT_OK;
    }
    if (argc > 2)
        return usage_error("help takes one command, got extra argument", argv[2]);
    const command *c = find_command(argv[1]);
    if (!c)
        return usage_error("unknown command", argv[1]);
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
    if (strcmp(first, "--version") == 0)
        return print_version(argc, argv);
    if (first[0] == '-')
        return usage_error("unknown option", first);

    const command *c = find_command(first);
    if (!c)
        return usage_error("unknown command", first);
    if (c->run != cmd_help && !nnx_kernel_level()) /* said before any work, not at the first compile */
        return bad_cpu_level();
    /* The subcommand sees its own name as argv[0], like a program of its own. */
    return c->run(argc - 1, argv + 1);
}
