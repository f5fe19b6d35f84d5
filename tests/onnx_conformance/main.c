/* main.c — nnx-onnx-conformance [-v] [--filter SUBSTR] [--min-pass-rate P] [DIR...]: runs the
 * ONNX backend test data (each test a folder with model.onnx and test_data_set_N/input_K.pb,
 * output_K.pb) through the ONNX loader and the core runtime, compares with the backend's
 * tolerances (rtol 1e-3, atol 1e-7; integers and booleans exact; string outputs, which
 * nnx_onnx_load_with_strings returns beside the model, byte for byte; random operators by
 * what any draw satisfies, random_cases.h) and prints one FAIL line per
 * failing test, the skips by unsupported operator, and "onnx: N passed, N failed, N skipped".
 * Without DIR: the node, pytorch-converted, pytorch-operator and simple folders of Debian's
 * libonnx-testdata (found through dpkg -L); a DIR that is one of those names is that folder.
 * --nnef also converts each passing test to NNEF and runs that (roundtrip.c): any difference
 * fails the run. Exit 0 iff passed / all >= P (default 1: none
 * failed or skipped), 77 when there is no data. */
#define _POSIX_C_SOURCE 200809L

#include "base/alloc.h"
#include "base/float_convert.h"
#include "formats/onnx/onnx.h"
#include "ir/dtypes.h"
#include "ir/elem.h"
#include "runtime/plan.h"

#include "onnx.pb-c.h"
#include "random_cases.h"
#include "roundtrip.h"
#include "sequence_data.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_TENSORS 32

typedef struct skip_count {
    char *op;
    size_t tests;
} skip_count;

typedef struct run_state {
    bool verbose;
    bool nnef; /* --nnef: also convert each passing test to NNEF and run that */
    rt_state rt;
    const char *filter;
    size_t passed, failed, skipped;
    skip_count *skips;
    size_t n_skips, cap_skips;
    nnx_alloc alloc;
} run_state;

static void count_skip(run_state *s, const char *op)
{
    for (size_t i = 0; i < s->n_skips; i++)
        if (strcmp(s->skips[i].op, op) == 0) {
            s->skips[i].tests++;
            return;
        }
    if (s->n_skips == s->cap_skips) {
        size_t cap = s->cap_skips ? 2 * s->cap_skips : 32;
        skip_count *g = realloc(s->skips, cap * sizeof *g);
        if (!g)
            return;
        s->skips = g;
        s->cap_skips = cap;
    }
    char *copy = strdup(op);
    if (copy)
        s->skips[s->n_skips++] = (skip_count){copy, 1};
}

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Sorted names of the entries of dir starting with prefix (NULL-terminated; free_list). */
static char **list_dir(const char *dir, const char *prefix, size_t *count)
{
    *count = 0;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    size_t cap = 16, n = 0;
    char **v = malloc(cap * sizeof *v);
    struct dirent *e;
    while (v && (e = readdir(d))) {
        if (e->d_name[0] == '.' || strncmp(e->d_name, prefix, strlen(prefix)) != 0)
            continue;
        if (n + 1 >= cap) {
            char **g = realloc(v, (cap *= 2) * sizeof *v);
            if (!g)
                break;
            v = g;
        }
        v[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (!v)
        return NULL;
    qsort(v, n, sizeof *v, cmp_str);
    v[n] = NULL;
    *count = n;
    return v;
}

static void free_list(char **v)
{
    for (size_t i = 0; v && v[i]; i++)
        free(v[i]);
    free(v);
}

/* input_N.pb / output_N.pb in numeric order. */
static int pb_index(const char *name, const char *prefix)
{
    size_t l = strlen(prefix);
    return strncmp(name, prefix, l) == 0 ? atoi(name + l) : -1;
}

typedef rt_tensor tensor;

/* The data set's prefix files (input_N.pb / output_N.pb), file k the value of vals[k], read
 * by kind and flattened into t[] (sequence_data.h); the loader's entries for sequences and
 * absent optionals into meta[]. */
static int read_values(run_state *s, const char *dir, const char *prefix, const sd_value *vals, size_t n_vals,
                       tensor *t, size_t *n, nnx_onnx_known_input *meta, size_t *n_meta, char *why, size_t wl)
{
    *n = 0;
    *n_meta = 0;
    size_t count;
    char **names = list_dir(dir, prefix, &count);
    for (size_t k = 0; k < count; k++) {
        int idx = -1;
        for (size_t j = 0; j < count; j++)
            if (pb_index(names[j], prefix) == (int)k)
                idx = (int)j;
        if (idx < 0 || k >= MAX_TENSORS || k >= n_vals) {
            snprintf(why, wl, "%s files are not numbered 0..%zu, one per graph value", prefix, count - 1);
            free_list(names);
            return -1;
        }
        char path[4096];
        snprintf(path, sizeof path, "%.3000s/%.255s", dir, names[idx]);
        bool has_meta = false;
        if (sd_read_value(&s->alloc, path, &vals[k], t, n, MAX_TENSORS, &meta[*n_meta], &has_meta, why, wl) != 0) {
            free_list(names);
            return -1;
        }
        *n_meta += has_meta;
    }
    free_list(names);
    return 0;
}

static void free_tensors(run_state *s, tensor *t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        nnx_mem_free_aligned(&s->alloc, t[i].data);
}

/* Compares one output; writes the first difference into why. */
static bool compare(const nnx_operand_desc *gd, const void *got, rt_tensor *want, char *why, size_t wl)
{
    char a[128], b[128];
    if (gd->dtype == NNX_BFLOAT16 && want->desc.dtype == NNX_UINT16)
        want->desc.dtype = NNX_BFLOAT16; /* the test data stores bfloat16 as its uint16 bits */
    if (gd->dtype != want->desc.dtype || gd->rank != want->desc.rank ||
        memcmp(gd->shape, want->desc.shape, gd->rank * sizeof *gd->shape) != 0) {
        snprintf(why, wl, "output '%s' is %s, expected %s", want->name, nnx_desc_format(gd, a, sizeof a),
                 nnx_desc_format(&want->desc, b, sizeof b));
        return false;
    }
    uint64_t n;
    nnx_desc_elements(gd, &n);
    size_t es = nnx_dtype_size(gd->dtype);
    for (uint64_t i = 0; i < n; i++) {
        if (nnx_dtype_is_float(gd->dtype)) {
            double x = nnx_load_f(gd->dtype, got, i), y = nnx_load_f(gd->dtype, want->data, i);
            if (isnan(x) && isnan(y))
                continue;
            if (x == y || fabs(x - y) <= 1e-7 + 1e-3 * fabs(y))
                continue;
            snprintf(why, wl, "output '%s' element %llu is %.9g, expected %.9g", want->name, (unsigned long long)i, x,
                     y);
            return false;
        }
        if (memcmp((const char *)got + i * es, (const char *)want->data + i * es, es) != 0) {
            snprintf(why, wl, "output '%s' element %llu differs (exact comparison)", want->name, (unsigned long long)i);
            return false;
        }
    }
    return true;
}

/* Compares a string output with the expected STRING tensor (onnx.h's block): shape and
 * every string exactly. */
static bool compare_strings(const nnx_onnx_string_output *got, const rt_tensor *want, char *why, size_t wl)
{
    char a[128];
    if (want->desc.dtype != NNX_DTYPE_UNDEFINED || got->desc.rank != want->desc.rank ||
        memcmp(got->desc.shape, want->desc.shape, got->desc.rank * sizeof *got->desc.shape) != 0) {
        nnx_operand_desc g = got->desc;
        g.dtype = NNX_UINT8;
        snprintf(why, wl, "output '%s' is a string tensor of shape %s, expected %s", got->name,
                 nnx_desc_format(&g, a, sizeof a), want->desc.dtype == NNX_DTYPE_UNDEFINED ? "another" : "numbers");
        return false;
    }
    uint64_t n = 1;
    for (uint32_t i = 0; i < got->desc.rank; i++)
        n *= got->desc.shape[i];
    const char *const *w = want->data;
    for (uint64_t i = 0; i < n; i++)
        if (strlen(w[i]) != got->lengths[i] || memcmp(w[i], got->strings[i], got->lengths[i]) != 0) {
            snprintf(why, wl, "output '%s' element %llu is '%.100s', expected '%.100s'", got->name,
                     (unsigned long long)i, got->strings[i], w[i]);
            return false;
        }
    return true;
}

typedef enum outcome { PASS, FAIL, SKIP } outcome;

/* Runs one data set of one test. */
static outcome run_set(run_state *s, const char *model, const char *set, bool first, char *why, size_t wl)
{
    tensor in[MAX_TENSORS], out[MAX_TENSORS];
    size_t n_in = 0, n_out = 0, n_meta = 0, n_ometa = 0;
    sd_value gin[MAX_TENSORS], gout[MAX_TENSORS];
    size_t n_g, n_go;
    nnx_onnx_known_input known[2 * MAX_TENSORS], ometa[MAX_TENSORS];
    if (sd_graph_values(model, gin, &n_g, gout, &n_go, MAX_TENSORS, why, wl) != 0)
        return FAIL;
    if (read_values(s, set, "input_", gin, n_g, in, &n_in, known + MAX_TENSORS, &n_meta, why, wl) != 0 ||
        read_values(s, set, "output_", gout, n_go, out, &n_out, ometa, &n_ometa, why, wl) != 0) {
        free_tensors(s, in, n_in);
        free_tensors(s, out, n_out);
        return FAIL;
    }
    outcome result = FAIL;
    nnx_input_shape shapes[MAX_TENSORS];
    uint32_t n_shapes = 0;
    /* input_k feeds the k-th graph input that has no initializer (optional inputs may be
     * left out at the end); sequences and optionals flattened (sequence_data.h), their
     * lengths and absences given as known entries after the tensors; string tensors
     * (dtype UNDEFINED, onnx.h) are known entries of kind STRINGS */
    for (size_t k = 0; k < n_in; k++) {
        if (in[k].desc.dtype == NNX_DTYPE_UNDEFINED) {
            known[k] = (nnx_onnx_known_input){.name = in[k].name,
                                              .desc = in[k].desc,
                                              .kind = NNX_ONNX_KNOWN_STRINGS,
                                              .strings = (const char *const *)in[k].data};
            continue;
        }
        shapes[n_shapes].name = in[k].name;
        shapes[n_shapes].rank = in[k].desc.rank;
        memcpy(shapes[n_shapes++].shape, in[k].desc.shape, sizeof shapes[k].shape);
        known[k] = (nnx_onnx_known_input){.name = in[k].name, .desc = in[k].desc, .data = in[k].data};
    }
    memmove(known + n_in, known + MAX_TENSORS, n_meta * sizeof *known);
    uint32_t nk = (uint32_t)n_in;
    nnx_ir_model_options o = {.input_shapes = shapes, .input_shape_count = n_shapes};
    nnx_onnx_string_outputs strs = {0};
    nnx_ir_model m;
    nnx_ir_model_init(&m, &s->alloc, "onnx");
    nnx_error err = {0};
    nnx_plan plan = {0};
    nnx_exec *x = NULL;
    nnx_status st = nnx_onnx_load_with_strings(model, &o, known, nk + (uint32_t)n_meta, &strs, &m, &err);
    if (st != NNX_OK) {
        snprintf(why, wl, "%s", err.message);
        result = st == NNX_ERROR_NOT_SUPPORTED && strstr(err.message, "unsupported operator") ? SKIP : FAIL;
        goto done;
    }
    if (m.n_outputs + strs.n != n_out) {
        snprintf(why, wl, "the model has %u outputs, the data set %zu", m.n_outputs + strs.n, n_out);
        goto done;
    }
    /* the string outputs, computed at load, compared first; the others run (if any) */
    uint32_t ir_pos[MAX_TENSORS], n_ir = 0; /* the data set's output of each IR output */
    for (uint32_t k = 0; k < n_out && k < MAX_TENSORS; k++) {
        const nnx_onnx_string_output *so = NULL;
        for (uint32_t j = 0; j < strs.n; j++)
            so = strs.v[j].position == k ? &strs.v[j] : so;
        if (!so)
            ir_pos[n_ir++] = k;
        else if (!compare_strings(so, &out[k], why, wl))
            goto done;
    }
    if (!m.n_outputs) { /* strings only: nothing to run, nor to convert */
        result = PASS;
        s->rt.not_convertible += first && s->nnef;
        goto done;
    }
    if (nnx_plan_compile(&plan, &m.ir, m.outputs, m.n_outputs, &err) != NNX_OK || !(x = nnx_exec_create(&plan, &err))) {
        snprintf(why, wl, "compile: %s", err.message);
        goto done;
    }
    for (uint32_t i = 0; i < m.n_inputs; i++) {
        const nnx_value *v = &m.ir.values[m.inputs[i]];
        bool bound = false;
        for (uint32_t k = 0; k < nk && !bound; k++)
            if (strcmp(in[k].name, v->name) == 0) {
                if (v->desc.dtype == NNX_BFLOAT16 && in[k].desc.dtype == NNX_UINT16)
                    in[k].desc.dtype = NNX_BFLOAT16; /* bfloat16 stored as its uint16 bits */
                if (!nnx_desc_equal(&v->desc, &in[k].desc)) {
                    char a[128], b[128];
                    snprintf(why, wl, "input '%s' is %s, the data %s", v->name, nnx_desc_format(&v->desc, a, sizeof a),
                             nnx_desc_format(&in[k].desc, b, sizeof b));
                    goto done;
                }
                x->buffers[m.inputs[i]] = in[k].data;
                bound = true;
            }
        if (!bound) {
            snprintf(why, wl, "no data for input '%s'", v->name);
            goto done;
        }
    }
    if (nnx_plan_run(&plan, x, &err) != NNX_OK) {
        snprintf(why, wl, "run: %s", err.message);
        goto done;
    }
    result = PASS;
    rc_kind random = rc_kind_of(model);
    const void *got_all[MAX_TENSORS];
    for (uint32_t k = 0; k < m.n_outputs && k < MAX_TENSORS; k++)
        got_all[k] = x->buffers[m.outputs[k]];
    for (uint32_t k = 0; k < m.n_outputs && result == PASS; k++) {
        const nnx_operand_desc *gd = &m.ir.values[m.outputs[k]].desc;
        if (random ? !rc_compare(random, k, gd, got_all[k], &out[k], in, nk, got_all, why, wl)
                   : !compare(gd, got_all[k], &out[ir_pos[k]], why, wl))
            result = FAIL;
    }
    /* sequences, optionals and strings need the loader's known entries (and string outputs
     * its side list), which the NNEF round trip (public API only) cannot give: not
     * convertible */
    bool structures = n_meta > 0 || m.n_outputs != n_go || n_shapes != nk || strs.n > 0;
    for (size_t k = 0; k < n_g; k++)
        structures |= gin[k].kind != SD_TENSOR;
    for (size_t k = 0; k < n_go; k++)
        structures |= gout[k].kind != SD_TENSOR;
    if (result == PASS && first && s->nnef && structures)
        s->rt.not_convertible++;
    else if (result == PASS && first && s->nnef && !random) {
        char rwhy[1024] = "";
        rt_outcome r = rt_check(&s->rt, model, in, nk, out, n_out, compare, rwhy, sizeof rwhy);
        if (r == RT_SAME)
            s->rt.same++;
        else if (r == RT_DIFFER) {
            s->rt.differ++;
            printf("NNEF-DIFFER %s: %s\n", model, rwhy);
        } else {
            s->rt.not_convertible++;
            if (s->verbose)
                printf("NNEF-NO %s: %s\n", model, rwhy);
        }
    }
done:
    if (x) {
        for (uint32_t i = 0; i < m.n_inputs; i++)
            x->buffers[m.inputs[i]] = NULL; /* the data is ours */
        nnx_exec_destroy(&plan, x);
    }
    nnx_plan_free(&plan);
    nnx_ir_model_free(&m);
    free_tensors(s, in, n_in);
    free_tensors(s, out, n_out);
    return result;
}

/* The operators named in an "unsupported operators: A (opset N), B (opset N)" message. */
static void count_unsupported(run_state *s, const char *msg)
{
    const char *p = strstr(msg, "unsupported operator");
    p = p ? strchr(p, ':') : NULL;
    if (!p)
        return count_skip(s, "?");
    p++;
    while (*p == ' ')
        p++;
    while (*p) {
        const char *e = strstr(p, ", ");
        const char *par = strstr(p, " (operators with");
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (par && (size_t)(par - p) < len)
            len = (size_t)(par - p);
        char op[128];
        snprintf(op, sizeof op, "%.*s", (int)(len < 127 ? len : 127), p);
        count_skip(s, op);
        if (!e || (par && par < e))
            break;
        p = e + 2;
    }
}

static void run_test(run_state *s, const char *dir, const char *name)
{
    char model[4096], why[1024] = "";
    snprintf(model, sizeof model, "%.4000s/model.onnx", dir);
    size_t n_sets;
    char **sets = list_dir(dir, "test_data_set_", &n_sets);
    outcome r = n_sets ? PASS : FAIL;
    if (!n_sets)
        snprintf(why, sizeof why, "no test_data_set_* folder");
    for (size_t i = 0; i < n_sets && r == PASS; i++) {
        char set[4096];
        snprintf(set, sizeof set, "%.3000s/%.255s", dir, sets[i]);
        r = run_set(s, model, set, i == 0, why, sizeof why);
    }
    free_list(sets);
    if (r == PASS) {
        s->passed++;
        if (s->verbose)
            printf("PASS %s\n", name);
    } else if (r == SKIP) {
        s->skipped++;
        count_unsupported(s, why);
        if (s->verbose)
            printf("SKIP %s: %s\n", name, why);
    } else {
        s->failed++;
        printf("FAIL %s: %s\n", name, why);
    }
}

/* A folder of tests, or one test (a folder with model.onnx). */
static void run_dir(run_state *s, const char *dir)
{
    char model[4096];
    snprintf(model, sizeof model, "%.4000s/model.onnx", dir);
    struct stat st;
    if (stat(model, &st) == 0) {
        const char *base = strrchr(dir, '/');
        base = base ? base + 1 : dir;
        char name[512];
        snprintf(name, sizeof name, "%s", base);
        if (!s->filter || strstr(dir, s->filter))
            run_test(s, dir, name);
        return;
    }
    size_t n;
    char **tests = list_dir(dir, "", &n);
    const char *group = strrchr(dir, '/');
    group = group ? group + 1 : dir;
    for (size_t i = 0; i < n; i++) {
        char sub[4096], name[1024];
        snprintf(sub, sizeof sub, "%.3000s/%.255s", dir, tests[i]);
        snprintf(name, sizeof name, "%.500s/%.255s", group, tests[i]);
        snprintf(model, sizeof model, "%.4000s/model.onnx", sub);
        if (stat(model, &st) != 0 || (s->filter && !strstr(name, s->filter)))
            continue;
        run_test(s, sub, name);
    }
    free_list(tests);
}

/* The package's data folders, from dpkg -L libonnx-testdata. */
static size_t package_dirs(char dirs[][4096], size_t max, const char *only)
{
    static const char *const groups[] = {"node", "pytorch-converted", "pytorch-operator", "simple"};
    size_t n = 0;
    FILE *p = popen("dpkg -L libonnx-testdata 2>/dev/null", "r");
    char line[4096];
    while (p && fgets(line, sizeof line, p)) {
        line[strcspn(line, "\n")] = 0;
        for (size_t g = 0; g < 4 && n < max; g++) {
            if (only && strcmp(only, groups[g]) != 0)
                continue;
            size_t ll = strlen(line), gl = strlen(groups[g]);
            if (ll > gl + 6 && strcmp(line + ll - gl, groups[g]) == 0 &&
                strncmp(line + ll - gl - 6, "/data/", 6) == 0 && is_dir(line))
                snprintf(dirs[n++], 4096, "%s", line);
        }
    }
    if (p)
        pclose(p);
    return n;
}

int main(int argc, char **argv)
{
    run_state s = {0};
    nnx_alloc_init(&s.alloc, NULL);
    double min_rate = 1.0;
    char dirs[64][4096];
    size_t n_dirs = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0)
            s.verbose = true;
        else if (strcmp(argv[i], "--nnef") == 0)
            s.nnef = true;
        else if (strcmp(argv[i], "--filter") == 0 && i + 1 < argc)
            s.filter = argv[++i];
        else if (strcmp(argv[i], "--min-pass-rate") == 0 && i + 1 < argc)
            min_rate = atof(argv[++i]);
        else if (argv[i][0] == '-') {
            fprintf(stderr,
                    "usage: nnx-onnx-conformance [-v] [--nnef] [--filter SUBSTR] [--min-pass-rate P] [DIR...]\n");
            return 2;
        } else if (n_dirs < 64) {
            /* a package group name (node, simple, …) or a folder */
            if (!is_dir(argv[i]) && !strchr(argv[i], '/') && package_dirs(dirs + n_dirs, 1, argv[i]) == 1)
                n_dirs++;
            else
                snprintf(dirs[n_dirs++], 4096, "%s", argv[i]);
        }
    }
    if (!n_dirs)
        n_dirs = package_dirs(dirs, 64, NULL);
    if (s.nnef) {
        snprintf(s.rt.dir, sizeof s.rt.dir, "/tmp/nnx-onnx-nnef-XXXXXX");
        if (!mkdtemp(s.rt.dir)) {
            perror("mkdtemp");
            return 1;
        }
    }
    size_t found = 0;
    for (size_t i = 0; i < n_dirs; i++)
        found += is_dir(dirs[i]);
    if (!found) {
        printf("onnx: no test data (install libonnx-testdata, or give the test folders)\n");
        return 77;
    }
    for (size_t i = 0; i < n_dirs; i++) {
        if (!is_dir(dirs[i])) {
            printf("FAIL %s: not a folder\n", dirs[i]);
            s.failed++;
            continue;
        }
        run_dir(&s, dirs[i]);
    }
    for (size_t i = 0; i < s.n_skips; i++) {
        printf("SKIP %s: %zu test%s\n", s.skips[i].op, s.skips[i].tests, s.skips[i].tests == 1 ? "" : "s");
        free(s.skips[i].op);
    }
    free(s.skips);
    if (s.nnef) {
        printf("nnef: %zu same, %zu differ, %zu do not convert\n", s.rt.same, s.rt.differ, s.rt.not_convertible);
        if (s.rt.ctx)
            nnx_context_destroy(s.rt.ctx);
        rmdir(s.rt.dir);
    }
    size_t total = s.passed + s.failed + s.skipped;
    double rate = total ? (double)s.passed / (double)total : 0;
    printf("pass rate %.1f%% (required %.1f%%)\n", 100 * rate, 100 * min_rate);
    printf("onnx: %zu passed, %zu failed, %zu skipped\n", s.passed, s.failed, s.skipped);
    return total && rate + 1e-12 >= min_rate && !s.rt.differ ? 0 : 1;
}
