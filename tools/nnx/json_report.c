/* json_report.c — what every `--json` document shares (json_report.h): UTF-8 cleaning of
 * names, numbers JSON has no spelling for, shapes and model tensors, the error object, and
 * the document's life: streams swapped while the command runs, one document printed at the
 * end. JSON is RFC 8259: strings must be UTF-8 (§8.1), and it has no NaN or infinity (§6). */
#define _GNU_SOURCE /* open_memstream */
#include "json_report.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static cJSON *g_doc;                  /* the document of the command running, or NULL */
static bool g_failed;                 /* an item could not be made or added: the document is refused */
static FILE *g_out, *g_err;           /* the real stdout and stderr while the command runs */
static FILE *g_out_mem, *g_err_mem;   /* what the command prints meanwhile */
static char *g_out_text, *g_err_text; /* their memory (open_memstream) */
static size_t g_out_len, g_err_len;

char *json_utf8(const char *s, size_t n)
{
    if (n > (SIZE_MAX - 1) / 3) /* every byte may become the 3 bytes of U+FFFD */
        return NULL;
    unsigned char *out = malloc(3 * n + 1), *o = out;
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    if (!out)
        return NULL;
    while (p < end) {
        unsigned c = *p;
        if (c >= 0x01 && c < 0x80) {
            *o++ = (unsigned char)c;
            p++;
            continue;
        }
        /* Unicode 15 Table 3-7, well-formed byte sequences: the lead byte gives the length
         * and the range of the second byte; the others are 80..BF */
        size_t len = 0, k = 1;
        unsigned lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF)
            len = 2;
        else if (c >= 0xE0 && c <= 0xEF)
            len = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
        else if (c >= 0xF0 && c <= 0xF4)
            len = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
        while (k < len && p + k < end && p[k] >= (k == 1 ? lo : 0x80) && p[k] <= (k == 1 ? hi : 0xBF))
            k++;
        if (len && k == len) {
            memcpy(o, p, len);
            o += len;
        } else { /* the maximal subpart p[0..k) becomes one U+FFFD */
            *o++ = 0xEF, *o++ = 0xBF, *o++ = 0xBD;
        }
        p += k;
    }
    *o = '\0';
    return (char *)out;
}

static cJSON *track(cJSON *item)
{
    if (!item)
        g_failed = true;
    return item;
}

cJSON *json_str(const char *s)
{
    if (!s)
        return track(cJSON_CreateNull());
    char *clean = json_utf8(s, strlen(s));
    cJSON *item = clean ? cJSON_CreateString(clean) : NULL;
    free(clean);
    return track(item);
}

cJSON *json_num(double v)
{
    if (isnan(v))
        return track(cJSON_CreateString("nan"));
    if (isinf(v))
        return track(cJSON_CreateString(v > 0 ? "inf" : "-inf"));
    return track(cJSON_CreateNumber(v));
}

/* cJSON keeps numbers as doubles, which hold integers exactly only up to 2^53: a raw item
 * carries the decimal digits as they are. */
cJSON *json_int(int64_t v)
{
    char digits[24];
    snprintf(digits, sizeof digits, "%lld", (long long)v);
    return track(cJSON_CreateRaw(digits));
}

cJSON *json_uint(uint64_t v)
{
    char digits[24];
    snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
    return track(cJSON_CreateRaw(digits));
}

cJSON *json_ms(double seconds) { return json_num(round(seconds * 1e9) / 1e6); }

void json_add(cJSON *object, const char *key, cJSON *item)
{
    char *clean = key ? json_utf8(key, strlen(key)) : NULL;
    if (!object || !item || !clean || !cJSON_AddItemToObject(object, clean, item)) {
        g_failed = true;
        cJSON_Delete(item);
    }
    free(clean);
}

void json_push(cJSON *array, cJSON *item)
{
    if (!array || !item || !cJSON_AddItemToArray(array, item)) {
        g_failed = true;
        cJSON_Delete(item);
    }
}

cJSON *json_shape(const nnx_operand_desc *d)
{
    cJSON *shape = track(cJSON_CreateArray());
    for (uint32_t k = 0; shape && k < d->rank; k++)
        json_push(shape, json_uint(d->shape[k]));
    return shape;
}

cJSON *json_model_tensor(const nnx_model *m, bool output, size_t i)
{
    nnx_operand_desc d;
    (output ? nnx_model_output_desc : nnx_model_input_desc)(m, i, &d);
    cJSON *t = track(cJSON_CreateObject()), *shape = track(cJSON_CreateArray());
    json_add(t, "name", json_str((output ? nnx_model_output_name : nnx_model_input_name)(m, i)));
    json_add(t, "dtype", json_str(cli_dtype_name(d.dtype)));
    for (uint32_t k = 0; shape && k < d.rank; k++) { /* a symbolic dimension by its name */
        const char *name = (output ? nnx_model_output_dim_name : nnx_model_input_dim_name)(m, i, k);
        json_push(shape, name ? json_str(name) : json_uint(d.shape[k]));
    }
    json_add(t, "shape", shape);
    return t;
}

/* The number that ends text at end (digits only, at least one), or -1. */
static long trailing_number(const char *text, const char **end)
{
    const char *c = *end;
    while (c > text && c[-1] >= '0' && c[-1] <= '9')
        c--;
    if (c == *end || *end - c > 9 || c == text || c[-1] != ':')
        return -1;
    long v = strtol(c, NULL, 10);
    *end = c - 1; /* at the ':' before it */
    return v;
}

cJSON *json_error(const char *text)
{
    cJSON *e = track(cJSON_CreateObject());
    const char *line = text, *marker = NULL;
    for (const char *l = text; l && *l && !marker;) {
        const char *eol = strchr(l, '\n'), *m = strstr(l, ": error: ");
        if (m && (!eol || m < eol))
            line = l, marker = m;
        l = eol ? eol + 1 : NULL;
    }
    const char *eol = strchr(line, '\n');
    size_t line_len = eol ? (size_t)(eol - line) : strlen(line);
    long line_no = -1, col = -1;
    const char *file_end = marker, *file = line;
    if (marker) {
        /* FILE:LINE:COL or FILE:LINE before ": error: "; FILE is what follows the last ": "
         * before it (a CLI prefix such as "nnx run: cannot write output 'y': " is not) */
        long last = trailing_number(line, &file_end);
        if (last >= 0) {
            long first = trailing_number(line, &file_end);
            line_no = first >= 0 ? first : last;
            col = first >= 0 ? last : -1;
        }
        for (const char *c = line; c + 1 < file_end; c++)
            if (c[0] == ':' && c[1] == ' ')
                file = c + 2;
    }
    const char *message = marker ? marker + strlen(": error: ") : line;
    char *copy = json_utf8(message, line_len - (size_t)(message - line));
    char *file_copy = marker ? json_utf8(file, (size_t)(file_end - file)) : NULL;
    json_add(e, "message", copy ? json_str(copy) : NULL);
    json_add(e, "file", marker ? (file_copy ? json_str(file_copy) : NULL) : json_str(NULL));
    json_add(e, "line", line_no >= 0 ? json_int(line_no) : json_str(NULL));
    json_add(e, "col", col >= 0 ? json_int(col) : json_str(NULL));
    json_add(e, "text", json_str(text));
    free(copy);
    free(file_copy);
    return e;
}

void json_begin(const char *command, const char *path)
{
    g_failed = false;
    g_doc = track(cJSON_CreateObject());
    json_add(g_doc, "nnx_version", json_str(nnx_version()));
    json_add(g_doc, "schema", json_int(NNX_JSON_SCHEMA));
    json_add(g_doc, "command", json_str(command));
    json_add(g_doc, "path", json_str(path));
    fflush(stdout);
    fflush(stderr);
    g_out_mem = open_memstream(&g_out_text, &g_out_len);
    g_err_mem = open_memstream(&g_err_text, &g_err_len);
    if (!g_out_mem || !g_err_mem) {
        g_failed = true;
        return;
    }
    g_out = stdout, g_err = stderr;
    stdout = g_out_mem, stderr = g_err_mem;
}

cJSON *json_doc(void) { return g_doc; }

int json_end(int code)
{
    if (g_out) { /* the streams were swapped: back to the real ones */
        fclose(g_out_mem);
        fclose(g_err_mem);
        stdout = g_out, stderr = g_err;
        g_out = g_err = NULL;
        fwrite(g_err_text, 1, g_err_len, stderr); /* said there too, as without --json */
    } else {
        if (g_out_mem)
            fclose(g_out_mem);
        if (g_err_mem)
            fclose(g_err_mem);
    }
    json_add(g_doc, "exit_code", json_int(code));
    if (code == NNX_EXIT_OK)
        json_add(g_doc, "error", json_str(NULL));
    else
        json_add(g_doc, "error", json_error(g_err_len ? g_err_text : "failed"));
    free(g_out_text);
    free(g_err_text);
    g_out_mem = g_err_mem = NULL;
    g_out_text = g_err_text = NULL;
    g_out_len = g_err_len = 0;
    char *text = g_failed ? NULL : cJSON_Print(g_doc);
    cJSON_Delete(g_doc);
    g_doc = NULL;
    if (!text) {
        fprintf(stderr, "nnx: out of memory for the JSON document\n");
        return code != NNX_EXIT_OK ? code : NNX_EXIT_INVALID_MODEL;
    }
    puts(text);
    cJSON_free(text);
    return code;
}
