/* check.c — `nnx check PATH`: validate a model without running it. Exits 0 when the model
 * is valid, 1 (with every problem found on stderr) when it breaks a rule of its format.
 * No model format is readable yet, so a well-formed request answers "not supported". */
#include "cli.h"

#include <stdio.h>

static const char kUsage[] = "Usage: nnx check [OPTIONS] PATH\n";

static const char kHelp[] =
    "\n"
    "Validate the model at PATH: parse it, check every rule of its format and the\n"
    "operand types, without running it. Problems are printed as FILE:LINE:COL: MESSAGE.\n"
    "\n"
    "Options:\n"
    "  -h, --help  show this help and exit\n"
    "\n"
    "Exit codes: 0 valid, 1 invalid model, 2 usage error, 3 format not supported.\n";

int cmd_check(int argc, char **argv)
{
    const char *path = NULL;
    int rc = cli_parse_path_command("nnx check", kUsage, kHelp, argc, argv, &path);
    return rc >= 0 ? rc : cli_not_supported("check");
}
