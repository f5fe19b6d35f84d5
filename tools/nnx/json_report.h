/* json_report.h — `--json` of check, info, run and bench: one JSON document on stdout,
 * built with libcjson. The helpers every document shares (UTF-8 cleaning, numbers JSON
 * cannot spell, shapes, the error object) and the commands' documents; the schemas are in
 * docs/CLI.md ("Machine-readable output"). Internal to tools/nnx. */
#ifndef NNX_CLI_JSON_REPORT_H
#define NNX_CLI_JSON_REPORT_H

#include "cli.h"

#include <cjson/cJSON.h>

/* The document's "schema": raised when a key changes meaning or goes away (adding keys
 * keeps it). */
#define NNX_JSON_SCHEMA 1

/* s (n bytes) as valid UTF-8, malloc'ed and NUL-terminated: every ill-formed sequence (a
 * byte that starts none, a truncated or overlong one, a surrogate, a code point above
 * U+10FFFF; Unicode 15 §3.9, "U+FFFD Substitution of Maximal Subparts") becomes U+FFFD, and
 * a NUL byte too. NULL when out of memory. */
char *json_utf8(const char *s, size_t n);

/* Items; each returns NULL when out of memory, which json_add / json_push record so that
 * the document is refused whole rather than printed with a key missing. */
cJSON *json_str(const char *s);               /* cleaned by json_utf8; NULL s: JSON null */
cJSON *json_num(double v);                    /* finite: a number; NaN, +-infinity: "nan", "inf", "-inf" */
cJSON *json_int(int64_t v);                   /* exact, beyond 2^53 too */
cJSON *json_uint(uint64_t v);                 /* exact */
cJSON *json_ms(double seconds);               /* milliseconds, rounded to the nanosecond */
cJSON *json_shape(const nnx_operand_desc *d); /* [1,3,224,224] */
cJSON *json_model_tensor(const nnx_model *m, bool output, size_t i); /* {name, dtype, shape} */
void json_add(cJSON *object, const char *key, cJSON *item);          /* key is cleaned too */
void json_push(cJSON *array, cJSON *item);

/* While a --json command runs, what it prints on stdout (its text report) is discarded and
 * what it prints on stderr is kept: json_begin swaps the stdio streams (which glibc lets a
 * program assign, "Standard Streams" in its manual) and makes the document {nnx_version,
 * schema, command, path}; json_doc() is that document (NULL when no --json command runs);
 * json_end restores the streams, copies what was kept to the real stderr, adds "exit_code"
 * and "error" (json_error of the kept text when code is not 0, else null), prints the
 * document and frees it. Returns the exit code: code, or 1 when the document could not be
 * made. */
void json_begin(const char *command, const char *path);
cJSON *json_doc(void);
int json_end(int code);

/* The error object of what a command printed on stderr: {message, file, line, col, text}.
 * Its first line of the form `FILE:LINE:COL: error: MESSAGE` (or `FILE: error: MESSAGE`;
 * else the first line is the message, with file, line and col null) gives the fields; text
 * is all of it. */
cJSON *json_error(const char *text);

/* json_check_info.c: `nnx check --json` and `nnx info --json` after their arguments are
 * parsed; the exit code. */
int json_check(const char *path, const cli_model_args *a, bool structure);
int json_info(const char *path, const cli_model_args *a);

/* json_run.c: `nnx run --json` starts its document (json_begin) with an empty "outputs",
 * which run_show_output (run.h) fills. */
void json_run_begin(const char *model);

/* json_run.c: `nnx bench --json`. json_bench_begin starts the document (json_begin) with
 * what was asked; json_bench_report adds one report (one per shape set: set is its text,
 * NULL without --shapes) before bench sorts times; each: times_ms has every time. */
void json_bench_begin(const char *model, long runs, long warmup_ms, uint32_t threads, bool profile);
void json_bench_report(const char *set, const nnx_graph *g, double first, const char *first_what, double cached,
                       const double *times, long n, bool profile, bool each);

#endif /* NNX_CLI_JSON_REPORT_H */
