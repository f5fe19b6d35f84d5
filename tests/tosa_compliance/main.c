/* main.c — nnx-tosa-compliance: runs every TOSA 1.0 operator and type nnx can run against
 * the compliance checker (checker/compliance.h) and the integer pseudocode transcriptions,
 * prints one line per failing (operator, types, set) and ends with "tosa: N passed, N failed".
 * Usage: nnx-tosa-compliance [--verbose] [--markdown FILE] [--via-file DIR] (tc_runner.h).
 * Exit status 1 when a check fails. */
#include "tc_runner.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *md = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--markdown") == 0 && i + 1 < argc)
            md = argv[++i];
        else if (strcmp(argv[i], "--via-file") == 0 && i + 1 < argc)
            tc_via_file = argv[++i];
        else if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0)
            tc_verbose = true;
        else {
            fprintf(stderr, "usage: %s [--verbose] [--markdown FILE] [--via-file DIR]\n", argv[0]);
            return 2;
        }
    }
    tc_suite_fp_elementwise();
    tc_suite_fp_exact();
    tc_suite_fp_dot();
    tc_suite_fp_bound();
    tc_suite_fp_cast();
    tc_suite_fft();
    tc_suite_gather();
    tc_suite_int();
    tc_suite_int_dot();
    tc_suite_int_resize();
    tc_suite_flow();
    return tc_report(md) ? 1 : 0;
}
