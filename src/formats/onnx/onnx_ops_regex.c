/* onnx_ops_regex.c — RegexFullMatch (ONNX Operators, RegexFullMatch) at load time on a
 * string tensor of the side table (onnx_strings.c): the RE2 pattern read by POSIX regcomp
 * after a translation of RE2's class escapes, anchored as a full match; the bool result an
 * IR constant. */
#define _POSIX_C_SOURCE 200809L

#include "formats/onnx/onnx_internal.h"

#include "base/alloc.h"

#include <regex.h>
#include <string.h>

/* RE2's class escapes as POSIX bracket items (inside a bracket) or brackets (outside). */
static const char *class_escape(char e, bool inside)
{
    switch (e) {
    case 'd': return inside ? "[:digit:]" : "[[:digit:]]";
    case 'D': return inside ? NULL : "[^[:digit:]]";
    case 's': return inside ? "[:space:]" : "[[:space:]]";
    case 'S': return inside ? NULL : "[^[:space:]]";
    case 'w': return inside ? "[:alnum:]_" : "[[:alnum:]_]";
    case 'W': return inside ? NULL : "[^[:alnum:]_]";
    default: return "";
    }
}

/* pattern (RE2 syntax) as a POSIX extended expression anchored at both ends, into out[size]:
 * ^( … )$, with \d \D \s \S \w \W spelled as POSIX classes (inside brackets too, where
 * POSIX reads a backslash literally) and escaped punctuation inside brackets made literal.
 * Other escapes pass to regcomp, which reads glibc's \b \B \< \> and refuses what POSIX
 * lacks. false: too long, or a negated class escape inside a bracket. */
static bool translate(const char *pat, size_t pl, char *out, size_t size)
{
    size_t o = 0;
#define PUT(str) \
    do { \
        size_t l_ = strlen(str); \
        if (o + l_ + 3 > size) \
            return false; \
        memcpy(out + o, str, l_); \
        o += l_; \
    } while (0)
    PUT("^(");
    for (size_t i = 0; i < pl; i++) {
        char ch = pat[i];
        if (ch == '\\' && i + 1 < pl) {
            const char *cls = class_escape(pat[++i], false);
            if (cls[0]) {
                PUT(cls);
            } else {
                char esc[3] = {'\\', pat[i], 0};
                PUT(esc);
            }
            continue;
        }
        if (ch != '[') {
            char one[2] = {ch, 0};
            PUT(one);
            continue;
        }
        /* a bracket: [ ^? ]? items ] with the literal '-' moved last */
        PUT("[");
        i++;
        if (i < pl && pat[i] == '^') {
            PUT("^");
            i++;
        }
        bool dash = false, first = true;
        for (; i < pl && (pat[i] != ']' || first); i++, first = false) {
            if (pat[i] == '[' && i + 1 < pl && pat[i + 1] == ':') { /* a POSIX class as is */
                const char *end = strstr(pat + i, ":]");
                if (!end || (size_t)(end - pat) >= pl)
                    return false;
                size_t l = (size_t)(end - (pat + i)) + 2;
                if (o + l + 3 > size)
                    return false;
                memcpy(out + o, pat + i, l);
                o += l;
                i += l - 1;
                continue;
            }
            if (pat[i] == '\\' && i + 1 < pl) {
                char e = pat[++i];
                const char *cls = class_escape(e, true);
                if (!cls)
                    return false;
                if (cls[0])
                    PUT(cls);
                else if (e == '-')
                    dash = true;
                else if (e == ']' || e == '^' || e == '[') {
                    char lit[4] = {'[', '.', e, 0}; /* a collating element: [.]. */
                    PUT(lit);
                    PUT(".]");
                } else {
                    char lit[2] = {e, 0};
                    PUT(lit);
                }
                continue;
            }
            char one[2] = {pat[i], 0};
            PUT(one);
        }
        if (i >= pl)
            return false;
        if (dash)
            PUT("-");
        PUT("]");
    }
    PUT(")$");
#undef PUT
    out[o] = 0;
    return true;
}

/* ONNX Operators, RegexFullMatch: whether each string matches pattern as a whole; bool. The
 * pattern is RE2 syntax; nnx reads it with POSIX regcomp (REG_EXTENDED) after translate()
 * above, so RE2-only constructs ((?:…), lazy quantifiers, \A, \z, named groups) are refused
 * when regcomp rejects them. A string holding a NUL byte never matches (regexec reads C
 * strings). */
nnx_status nnx_onnx_op_regex_full_match(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                        uint32_t *out)
{
    const ox_strt *x = ox_str_in(c, in, n_in, 0);
    if (!x)
        return c->nerr.status;
    const Onnx__AttributeProto *a = ox_attr(n, "pattern");
    if (!a || !a->has_s)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the pattern attribute is required");
    const char *pat = (const char *)a->s.data;
    int pl = a->s.len > 4096 ? 4096 : (int)a->s.len;
    char ere[16384];
    if (a->s.len > 4096 || memchr(pat, 0, a->s.len) || !translate(pat, a->s.len, ere, sizeof ere))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "pattern '%.*s' cannot be read as a POSIX extended expression", pl,
                       pat);
    regex_t re;
    int rc = regcomp(&re, ere, REG_EXTENDED | REG_NOSUB);
    if (rc != 0) {
        char why[256];
        regerror(rc, &re, why, sizeof why);
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "pattern '%.*s' is refused by POSIX regcomp: %s", pl, pat, why);
    }
    unsigned char *y = ox_calloc(c, (size_t)x->n + 1, 1);
    nnx_status st = y ? NNX_OK : c->nerr.status;
    for (uint32_t k = 0; st == NNX_OK && k < x->n; k++)
        y[k] = strlen(x->s[k]) == x->len[k] && regexec(&re, x->s[k], 0, NULL, 0) == 0;
    regfree(&re);
    nnx_operand_desc d = {NNX_BOOL, x->rank, {0}};
    memcpy(d.shape, x->shape, sizeof x->shape);
    if (st == NNX_OK)
        st = ox_const(c, &d, y, &out[0]);
    nnx_mem_free(c->ir->alloc, y);
    return st;
}
