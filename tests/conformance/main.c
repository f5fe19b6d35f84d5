/* main.c — nnx-webnn-conformance [-v] [--filter SUBSTR] [DIR_OR_FILE...]: runs the W3C WebNN
 * conformance vectors (the *.json files of testdata/webnn/conformance, format in its README)
 * through libnnx and prints one FAIL line per failing case, one SKIP line per unmapped
 * operator and the summary "webnn: N passed, N failed, N skipped". Exit 0 iff none failed. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "conformance.h"

#ifndef NNX_TESTDATA_DIR
#define NNX_TESTDATA_DIR ""
#endif

/* Where the vectors sit below the test data folder. */
#define CONFORMANCE_SUBDIR "/webnn/conformance"

typedef struct skip_count {
    char *op;
    size_t cases;
} skip_count;

typedef struct run_state {
    bool verbose;
    const char *filter; /* NULL: every case */
    size_t passed, failed, skipped;
    skip_count *skips;
    size_t skip_count, skip_cap;
} run_state;

static void count_skip(run_state *s, const char *op)
{
    s->skipped++;
    for (size_t i = 0; i < s->skip_count; i++) {
        if (strcmp(s->skips[i].op, op) == 0) {
            s->skips[i].cases++;
            return;
        }
    }
    if (s->skip_count == s->skip_cap) {
        size_t cap = s->skip_cap ? 2 * s->skip_cap : 16;
        skip_count *grown = realloc(s->skips, cap * sizeof *grown);
        if (!grown)
            return; /* still counted in the total, just not listed */
        s->skips = grown;
        s->skip_cap = cap;
    }
    char *copy = strdup(op);
    if (copy)
        s->skips[s->skip_count++] = (skip_count){copy, 1};
}

static void fail_line(run_state *s, const char *name, const char *reason)
{
    s->failed++;
    printf("FAIL %s: %s\n", name, reason);
}

/* The whole file as a NUL-terminated string, or NULL. */
static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n + 1 >= cap) {
            cap = cap ? 2 * cap : 65536;
            char *grown = realloc(text, cap);
            if (!grown) {
                free(text);
                fclose(f);
                return NULL;
            }
            text = grown;
        }
        size_t got = fread(text + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        free(text);
        return NULL;
    }
    text[n] = '\0';
    *len = n;
    return text;
}

static void run_test(run_state *s, const char *path, int index, const cJSON *test)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(test, "name");
    char fallback[512];
    snprintf(fallback, sizeof fallback, "%s test #%d", path, index);
    const char *label = cJSON_IsString(name) ? name->valuestring : fallback;
    if (s->filter && !strstr(label, s->filter))
        return;
    cf_msg reason = {{0}};
    const char *skipped_op = NULL;
    switch (cf_run_case(test, &reason, &skipped_op)) {
    case CF_PASS:
        s->passed++;
        if (s->verbose)
            printf("PASS %s\n", label);
        break;
    case CF_SKIP: count_skip(s, skipped_op); break;
    case CF_FAIL: fail_line(s, label, reason.text); break;
    }
    fflush(stdout); /* a crash in the next case must not swallow this one's line */
}

/* Reports a JSON syntax error at `where` (inside text, NULL if unknown) by line and column. */
static void fail_malformed(run_state *s, const char *path, const char *text, const char *where)
{
    size_t line = 1, column = 1;
    for (const char *p = text; where && p < where && *p; p++) {
        column = (*p == '\n') ? 1 : column + 1;
        line += (*p == '\n');
    }
    char why[96];
    if (where)
        snprintf(why, sizeof why, "malformed JSON at line %zu, column %zu", line, column);
    else
        snprintf(why, sizeof why, "malformed JSON");
    fail_line(s, path, why);
}

/* Runs every case of one JSON file; an unreadable or malformed file is one failure. */
static void run_file(run_state *s, const char *path)
{
    size_t len = 0;
    char *text = read_text(path, &len);
    if (!text) {
        fail_line(s, path, "cannot read the file");
        return;
    }
    const char *end = NULL;
    /* len + 1 hands cJSON the terminating NUL, which it requires to reject trailing garbage. */
    cJSON *doc = cJSON_ParseWithLengthOpts(text, len + 1, &end, true);
    if (!doc) {
        fail_malformed(s, path, text, end);
        free(text);
        return;
    }
    free(text);
    const cJSON *tests = cJSON_GetObjectItemCaseSensitive(doc, "tests");
    if (!cJSON_IsArray(tests)) {
        fail_line(s, path, "no \"tests\" array");
    } else {
        int index = 0;
        for (const cJSON *t = tests->child; t; t = t->next)
            run_test(s, path, index++, t);
    }
    cJSON_Delete(doc);
}

static int compare_strings(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static bool has_json_suffix(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && strcmp(name + n - 5, ".json") == 0;
}

/* Runs every *.json in dir in byte-wise sorted order. */
static void run_dir(run_state *s, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fail_line(s, dir, "cannot open the folder");
        return;
    }
    char **paths = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (!has_json_suffix(e->d_name))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **grown = realloc(paths, cap * sizeof *grown);
            if (!grown)
                break;
            paths = grown;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if ((paths[n] = malloc(len)) != NULL)
            snprintf(paths[n++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (n == 0)
        fail_line(s, dir, "no *.json files in the folder");
    if (n > 1)
        qsort(paths, n, sizeof *paths, compare_strings);
    for (size_t i = 0; i < n; i++) {
        run_file(s, paths[i]);
        free(paths[i]);
    }
    free(paths);
}

static void run_path(run_state *s, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        fail_line(s, path, "no such file or folder");
    else if (S_ISDIR(st.st_mode))
        run_dir(s, path);
    else
        run_file(s, path);
}

/* $NNX_TESTDATA (if set and non-empty) or the configured NNX_TESTDATA_DIR, plus the
 * conformance subfolder. Returns false, after saying how to fix it, when it is missing. */
static bool default_dir(char *out, size_t len)
{
    const char *env = getenv("NNX_TESTDATA");
    const char *base = env && env[0] ? env : NNX_TESTDATA_DIR;
    struct stat st;
    snprintf(out, len, "%s%s", base, CONFORMANCE_SUBDIR);
    if (stat(out, &st) == 0 && S_ISDIR(st.st_mode))
        return true;
    fprintf(stderr,
            "nnx-webnn-conformance: test data folder '%s' not found.\n"
            "Set the NNX_TESTDATA environment variable to the shared testdata folder (the one holding\n"
            "webnn/conformance), reconfigure with cmake -DNNX_TESTDATA_DIR=<folder>, or pass the\n"
            "JSON files or folders to run as arguments.\n",
            out);
    return false;
}

static void usage(FILE *to)
{
    fprintf(to,
            "usage: nnx-webnn-conformance [-v] [--filter SUBSTR] [DIR_OR_FILE...]\n"
            "  -v               print PASS <case> for every passing case\n"
            "  --filter SUBSTR  run only the cases whose name contains SUBSTR\n"
            "Without paths it runs $NNX_TESTDATA%s (default %s%s).\n",
            CONFORMANCE_SUBDIR, NNX_TESTDATA_DIR, CONFORMANCE_SUBDIR);
}

static int compare_skips(const void *a, const void *b)
{
    return strcmp(((const skip_count *)a)->op, ((const skip_count *)b)->op);
}

/* SKIP lines sorted by operator, then the summary as the very last line. */
static void report(run_state *s)
{
    if (s->skip_count > 1) /* qsort must not see the NULL of an empty list */
        qsort(s->skips, s->skip_count, sizeof *s->skips, compare_skips);
    for (size_t i = 0; i < s->skip_count; i++) {
        printf("SKIP %s: %zu cases (not implemented)\n", s->skips[i].op, s->skips[i].cases);
        free(s->skips[i].op);
    }
    free(s->skips);
    printf("webnn: %zu passed, %zu failed, %zu skipped\n", s->passed, s->failed, s->skipped);
    fflush(stdout);
}

/* Options may appear anywhere before "--"; every other argument is a path. */
int main(int argc, char **argv)
{
    run_state s = {0};
    char **paths = calloc((size_t)argc, sizeof *paths);
    int npaths = 0;
    bool options_done = false;
    if (!paths)
        return 2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool help = strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0;
        if (options_done || a[0] != '-' || a[1] == '\0') {
            paths[npaths++] = argv[i];
        } else if (strcmp(a, "-v") == 0) {
            s.verbose = true;
        } else if (strcmp(a, "--filter") == 0 && i + 1 < argc) {
            s.filter = argv[++i];
        } else if (strcmp(a, "--") == 0) {
            options_done = true;
        } else {
            usage(help ? stdout : stderr);
            free(paths);
            return help ? 0 : 2;
        }
    }
    char dir[4096];
    if (npaths == 0 && !default_dir(dir, sizeof dir)) {
        free(paths);
        return 1;
    }
    if (npaths == 0)
        run_path(&s, dir);
    for (int i = 0; i < npaths; i++)
        run_path(&s, paths[i]);
    free(paths);
    report(&s);
    return s.failed == 0 ? 0 : 1;
}
