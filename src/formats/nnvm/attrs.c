/* attrs.c — NNVM's string-encoded operator attributes (graph.h): NNVM writes every attribute
 * value as the Python/dmlc text of the value, so "64", "(1, 1)", "[3, 3]", "True", "1",
 * "0.25" and "((0, 0), (1, 1))" all arrive as strings. Parsing is strict: the whole text must
 * be consumed, and booleans are never taken from the truthiness of a non-empty string. */
#include "formats/nnvm/graph.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n')
        s++;
    return s;
}

/* An integer at *s (optionally signed, an optional 'L' suffix as Python 2 wrote longs). */
static bool scan_int(const char **s, int64_t *out)
{
    const char *p = skip_space(*s);
    const char *digits = (*p == '-' || *p == '+') ? p + 1 : p;
    if (!isdigit((unsigned char)*digits))
        return false;
    char *end;
    errno = 0;
    long long v = strtoll(p, &end, 10);
    if (errno == ERANGE)
        return false;
    if (*end == 'L')
        end++;
    *out = v;
    *s = end;
    return true;
}

bool nnx_nnvm_parse_int(const char *text, int64_t *out)
{
    const char *s = text;
    int64_t v;
    if (!scan_int(&s, &v) || *skip_space(s) != '\0')
        return false;
    *out = v;
    return true;
}

bool nnx_nnvm_parse_bool(const char *text, bool *out)
{
    const char *s = skip_space(text);
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    if ((n == 4 && strncasecmp(s, "true", 4) == 0) || (n == 1 && s[0] == '1')) {
        *out = true;
        return true;
    }
    if ((n == 5 && strncasecmp(s, "false", 5) == 0) || (n == 1 && s[0] == '0')) {
        *out = false;
        return true;
    }
    return false;
}

bool nnx_nnvm_parse_float(const char *text, double *out)
{
    const char *s = skip_space(text);
    if (*s == '\0')
        return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *skip_space(end) != '\0')
        return false;
    /* strtod also reads hexadecimal and "infinity"; both are fine. ERANGE on underflow gives
     * the nearest value, which is what Python's float() gives too. */
    *out = v;
    return true;
}

bool nnx_nnvm_parse_ints(const char *text, int64_t *items, uint32_t max, uint32_t *count, bool *is_none)
{
    const char *s = skip_space(text);
    *count = 0;
    if (is_none)
        *is_none = false;
    if (strcmp(s, "None") == 0) {
        if (is_none)
            *is_none = true;
        return true;
    }
    char close = 0;
    if (*s == '(')
        close = ')';
    else if (*s == '[')
        close = ']';
    if (!close) { /* a bare integer */
        if (max < 1 || !nnx_nnvm_parse_int(s, &items[0]))
            return false;
        *count = 1;
        return true;
    }
    s = skip_space(s + 1);
    while (*s != close) {
        if (*count == max || !scan_int(&s, &items[*count]))
            return false;
        (*count)++;
        s = skip_space(s);
        if (*s == ',')
            s = skip_space(s + 1);
        else if (*s != close)
            return false;
    }
    return *skip_space(s + 1) == '\0';
}

bool nnx_nnvm_parse_pairs(const char *text, int64_t (*pairs)[2], uint32_t max, uint32_t *count)
{
    const char *s = skip_space(text);
    *count = 0;
    char close = *s == '(' ? ')' : *s == '[' ? ']' : 0;
    if (!close)
        return false;
    s = skip_space(s + 1);
    while (*s != close) {
        char inner = *s == '(' ? ')' : *s == '[' ? ']' : 0;
        if (!inner || *count == max)
            return false;
        s = skip_space(s + 1);
        for (int k = 0; k < 2; k++) {
            if (!scan_int(&s, &pairs[*count][k]))
                return false;
            s = skip_space(s);
            if (*s == ',')
                s = skip_space(s + 1);
        }
        if (*s != inner)
            return false;
        (*count)++;
        s = skip_space(s + 1);
        if (*s == ',')
            s = skip_space(s + 1);
        else if (*s != close)
            return false;
    }
    return *skip_space(s + 1) == '\0';
}

nnx_dtype nnx_nnvm_dtype_from_code(int64_t code)
{
    static const nnx_dtype codes[] = {NNX_FLOAT32, NNX_FLOAT64, NNX_FLOAT16, NNX_UINT8,  NNX_INT32,  NNX_INT8,
                                      NNX_INT64,   NNX_INT16,   NNX_UINT16,  NNX_UINT32, NNX_UINT64, NNX_BOOL};
    return code >= 0 && code < (int64_t)(sizeof codes / sizeof codes[0]) ? codes[code] : NNX_DTYPE_UNDEFINED;
}
