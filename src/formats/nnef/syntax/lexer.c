/* lexer.c — NNEF tokens (NNEF 1.0.2 §3.1): identifiers, the 17 keywords, true/false,
 * numeric and string literals, operators and syntactic characters, white space and '#'
 * comments. Decisions where §3.1 is loose are in NNEF decision 1, 3 and are
 * repeated at the code that takes them. */
#include "formats/nnef/syntax/lexer.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *spelling;
    nnx_nnef_token_kind kind;
} keywords[] = {
    {"version", NNX_NNEF_TOK_KW_VERSION},
    {"extension", NNX_NNEF_TOK_KW_EXTENSION},
    {"graph", NNX_NNEF_TOK_KW_GRAPH},
    {"fragment", NNX_NNEF_TOK_KW_FRAGMENT},
    {"tensor", NNX_NNEF_TOK_KW_TENSOR},
    {"integer", NNX_NNEF_TOK_KW_INTEGER},
    {"scalar", NNX_NNEF_TOK_KW_SCALAR},
    {"logical", NNX_NNEF_TOK_KW_LOGICAL},
    {"string", NNX_NNEF_TOK_KW_STRING},
    {"shape_of", NNX_NNEF_TOK_KW_SHAPE_OF},
    {"length_of", NNX_NNEF_TOK_KW_LENGTH_OF},
    {"range_of", NNX_NNEF_TOK_KW_RANGE_OF},
    {"for", NNX_NNEF_TOK_KW_FOR},
    {"in", NNX_NNEF_TOK_KW_IN},
    {"yield", NNX_NNEF_TOK_KW_YIELD},
    {"if", NNX_NNEF_TOK_KW_IF},
    {"else", NNX_NNEF_TOK_KW_ELSE},
    {"true", NNX_NNEF_TOK_TRUE},
    {"false", NNX_NNEF_TOK_FALSE},
};

static const char *const kind_names[NNX_NNEF_TOK_KIND_COUNT] = {
    [NNX_NNEF_TOK_EOF] = "end of input",
    [NNX_NNEF_TOK_ERROR] = "invalid token",
    [NNX_NNEF_TOK_IDENTIFIER] = "identifier",
    [NNX_NNEF_TOK_INTEGER] = "integer literal",
    [NNX_NNEF_TOK_SCALAR] = "scalar literal",
    [NNX_NNEF_TOK_STRING] = "string literal",
    [NNX_NNEF_TOK_TRUE] = "'true'",
    [NNX_NNEF_TOK_FALSE] = "'false'",
    [NNX_NNEF_TOK_KW_VERSION] = "'version'",
    [NNX_NNEF_TOK_KW_EXTENSION] = "'extension'",
    [NNX_NNEF_TOK_KW_GRAPH] = "'graph'",
    [NNX_NNEF_TOK_KW_FRAGMENT] = "'fragment'",
    [NNX_NNEF_TOK_KW_TENSOR] = "'tensor'",
    [NNX_NNEF_TOK_KW_INTEGER] = "'integer'",
    [NNX_NNEF_TOK_KW_SCALAR] = "'scalar'",
    [NNX_NNEF_TOK_KW_LOGICAL] = "'logical'",
    [NNX_NNEF_TOK_KW_STRING] = "'string'",
    [NNX_NNEF_TOK_KW_SHAPE_OF] = "'shape_of'",
    [NNX_NNEF_TOK_KW_LENGTH_OF] = "'length_of'",
    [NNX_NNEF_TOK_KW_RANGE_OF] = "'range_of'",
    [NNX_NNEF_TOK_KW_FOR] = "'for'",
    [NNX_NNEF_TOK_KW_IN] = "'in'",
    [NNX_NNEF_TOK_KW_YIELD] = "'yield'",
    [NNX_NNEF_TOK_KW_IF] = "'if'",
    [NNX_NNEF_TOK_KW_ELSE] = "'else'",
    [NNX_NNEF_TOK_PLUS] = "'+'",
    [NNX_NNEF_TOK_MINUS] = "'-'",
    [NNX_NNEF_TOK_STAR] = "'*'",
    [NNX_NNEF_TOK_SLASH] = "'/'",
    [NNX_NNEF_TOK_CARET] = "'^'",
    [NNX_NNEF_TOK_LT] = "'<'",
    [NNX_NNEF_TOK_LE] = "'<='",
    [NNX_NNEF_TOK_GT] = "'>'",
    [NNX_NNEF_TOK_GE] = "'>='",
    [NNX_NNEF_TOK_EQ] = "'=='",
    [NNX_NNEF_TOK_NE] = "'!='",
    [NNX_NNEF_TOK_AND] = "'&&'",
    [NNX_NNEF_TOK_OR] = "'||'",
    [NNX_NNEF_TOK_NOT] = "'!'",
    [NNX_NNEF_TOK_LPAREN] = "'('",
    [NNX_NNEF_TOK_RPAREN] = "')'",
    [NNX_NNEF_TOK_LBRACKET] = "'['",
    [NNX_NNEF_TOK_RBRACKET] = "']'",
    [NNX_NNEF_TOK_LBRACE] = "'{'",
    [NNX_NNEF_TOK_RBRACE] = "'}'",
    [NNX_NNEF_TOK_COLON] = "':'",
    [NNX_NNEF_TOK_ASSIGN] = "'='",
    [NNX_NNEF_TOK_COMMA] = "','",
    [NNX_NNEF_TOK_SEMICOLON] = "';'",
    [NNX_NNEF_TOK_ARROW] = "'->'",
    [NNX_NNEF_TOK_QUESTION] = "'?'",
};

const char *nnx_nnef_token_kind_name(nnx_nnef_token_kind kind)
{
    return (unsigned)kind < NNX_NNEF_TOK_KIND_COUNT && kind_names[kind] ? kind_names[kind] : "token";
}

bool nnx_nnef_token_is_type_keyword(nnx_nnef_token_kind kind)
{
    return kind == NNX_NNEF_TOK_KW_INTEGER || kind == NNX_NNEF_TOK_KW_SCALAR || kind == NNX_NNEF_TOK_KW_LOGICAL ||
        kind == NNX_NNEF_TOK_KW_STRING;
}

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool is_ident_start(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static bool is_ident_char(unsigned char c) { return is_ident_start(c) || is_digit(c); }
static bool is_printable(unsigned char c) { return c >= 0x20 && c <= 0x7e; }

/* Writes "'c'" for a printable character, "byte 0xNN" for anything else. */
static void describe_byte(unsigned char c, char *buf, size_t size)
{
    if (is_printable(c) && c != '\'')
        snprintf(buf, size, "'%c'", c);
    else if (c == '\'')
        snprintf(buf, size, "\"'\"");
    else
        snprintf(buf, size, "byte 0x%02X%s", c, c >= 0x80 ? " (not ASCII)" : "");
}

void nnx_nnef_lexer_init(nnx_nnef_lexer *lx, const char *text, size_t len)
{
    memset(lx, 0, sizeof *lx);
    lx->text = text;
    lx->len = len;
    lx->line = 1;
    lx->col = 1;
}

static uint32_t sat_add(uint32_t a, size_t b) { return b >= (size_t)(UINT32_MAX - a) ? UINT32_MAX : a + (uint32_t)b; }

/* Moves over n bytes of one line. */
static void advance(nnx_nnef_lexer *lx, size_t n)
{
    lx->pos += n;
    lx->col = sat_add(lx->col, n);
}

static void newline(nnx_nnef_lexer *lx)
{
    lx->pos++;
    lx->line = sat_add(lx->line, 1);
    lx->col = 1;
}

/* Records the first lexical error at byte offset at (on the current line) and returns the
 * error token. fmt has exactly two %s conversions, filled with a and b (NULL: ""). */
static void fail(nnx_nnef_lexer *lx, nnx_nnef_token *tok, size_t at, const char *fmt, const char *a, const char *b)
{
    lx->failed = true;
    lx->error_token = (nnx_nnef_token){NNX_NNEF_TOK_ERROR, lx->line, sat_add(lx->col, at - lx->pos), at, 1};
    snprintf(lx->message, sizeof lx->message, fmt, a, b ? b : "");
    *tok = lx->error_token;
}

static void skip_blanks(nnx_nnef_lexer *lx)
{
    while (lx->pos < lx->len) {
        unsigned char c = (unsigned char)lx->text[lx->pos];
        if (c == '\n') {
            newline(lx);
        } else if (c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r') {
            advance(lx, 1);
        } else if (c == '#') {
            /* §3.1: a comment lasts "until form feed or new line"; CR ends it too
             * (NNEF 1.0.2 §3.1, decision 3). */
            size_t n = 0;
            while (lx->pos + n < lx->len) {
                unsigned char d = (unsigned char)lx->text[lx->pos + n];
                if (d == '\n' || d == '\f' || d == '\r')
                    break;
                n++;
            }
            advance(lx, n);
        } else {
            return;
        }
    }
}

static void quote_spelling(const char *s, size_t n, char *buf, size_t size)
{
    if (n > 40)
        snprintf(buf, size, "'%.37s...'", s);
    else
        snprintf(buf, size, "'%.*s'", (int)n, s);
}

/* <numeric-literal> without sign (§3.1, NNEF decision 1): digits, optionally '.' digits,
 * optionally [eE][+-]digits. "1." and ".5" are rejected; any '.' or exponent makes it a
 * scalar. A letter, digit, '_' or '.' right after the literal is an error ("12abc"). */
static void lex_number(nnx_nnef_lexer *lx, nnx_nnef_token *tok)
{
    const char *s = lx->text + lx->pos;
    size_t n = 0, avail = lx->len - lx->pos;
    char spelled[48], found[32];
    bool scalar = false;
    while (n < avail && is_digit((unsigned char)s[n]))
        n++;
    if (n < avail && s[n] == '.') {
        scalar = true;
        if (n + 1 >= avail || !is_digit((unsigned char)s[n + 1])) {
            quote_spelling(s, n + 1, spelled, sizeof spelled);
            fail(lx, tok, lx->pos + n + 1, "expected a digit after '.' in numeric literal %s%s", spelled, NULL);
            return;
        }
        n++;
        while (n < avail && is_digit((unsigned char)s[n]))
            n++;
    }
    if (n < avail && (s[n] == 'e' || s[n] == 'E')) {
        size_t m = n + 1;
        if (m < avail && (s[m] == '+' || s[m] == '-'))
            m++;
        if (m >= avail || !is_digit((unsigned char)s[m])) {
            quote_spelling(s, m, spelled, sizeof spelled);
            fail(lx, tok, lx->pos + m, "expected exponent digits in numeric literal %s%s", spelled, NULL);
            return;
        }
        scalar = true;
        n = m;
        while (n < avail && is_digit((unsigned char)s[n]))
            n++;
    }
    if (n < avail && (is_ident_char((unsigned char)s[n]) || s[n] == '.')) {
        quote_spelling(s, n, spelled, sizeof spelled);
        describe_byte((unsigned char)s[n], found, sizeof found);
        fail(lx, tok, lx->pos + n, "expected an operator or separator after numeric literal %s, found %s", spelled,
             found);
        return;
    }
    tok->kind = scalar ? NNX_NNEF_TOK_SCALAR : NNX_NNEF_TOK_INTEGER;
    tok->length = n;
    advance(lx, n);
}

/* <string-literal> (§3.1): printable ASCII between matching quotes; inside, the start quote
 * and '\' must be escaped with '\'. No other escape exists (NNEF 1.0.2 §3.1, decision 3), and a string
 * cannot span lines. */
static void lex_string(nnx_nnef_lexer *lx, nnx_nnef_token *tok)
{
    const char *s = lx->text + lx->pos;
    size_t avail = lx->len - lx->pos, n = 1;
    char q = s[0], found[32], quote[4] = {q, 0};
    for (;;) {
        if (n >= avail) {
            fail(lx, tok, lx->pos + n, "expected closing %s of the string literal, found end of input", quote, NULL);
            return;
        }
        unsigned char c = (unsigned char)s[n];
        if (c == (unsigned char)q)
            break;
        if (c == '\n' || c == '\r' || c == '\f') {
            fail(lx, tok, lx->pos + n, "expected closing %s of the string literal, found end of line", quote, NULL);
            return;
        }
        if (c == '\\') {
            if (n + 1 >= avail) {
                fail(lx, tok, lx->pos + n + 1, "expected closing %s of the string literal, found end of input", quote,
                     NULL);
                return;
            }
            unsigned char e = (unsigned char)s[n + 1];
            if (e != (unsigned char)q && e != '\\') {
                describe_byte(e, found, sizeof found);
                fail(lx, tok, lx->pos + n, "expected \\%s or \\\\ in the string literal, found \\ followed by %s",
                     quote, found);
                return;
            }
            n += 2;
            continue;
        }
        if (!is_printable(c)) {
            describe_byte(c, found, sizeof found);
            fail(lx, tok, lx->pos + n, "expected a printable ASCII character in the string literal, found %s%s", found,
                 NULL);
            return;
        }
        n++;
    }
    tok->kind = NNX_NNEF_TOK_STRING;
    tok->length = n + 1;
    advance(lx, n + 1);
}

static void lex_word(nnx_nnef_lexer *lx, nnx_nnef_token *tok)
{
    const char *s = lx->text + lx->pos;
    size_t n = 1;
    while (lx->pos + n < lx->len && is_ident_char((unsigned char)s[n]))
        n++;
    tok->kind = NNX_NNEF_TOK_IDENTIFIER;
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (strlen(keywords[i].spelling) == n && memcmp(keywords[i].spelling, s, n) == 0)
            tok->kind = keywords[i].kind;
    tok->length = n;
    advance(lx, n);
}

/* Operators and syntactic characters, longest match first (§3.1). Returns false for
 * a byte that starts no token. */
static bool lex_symbol(nnx_nnef_lexer *lx, nnx_nnef_token *tok)
{
    const char *s = lx->text + lx->pos;
    char c = s[0], d = lx->pos + 1 < lx->len ? s[1] : '\0';
    static const struct {
        char a, b;
        nnx_nnef_token_kind kind;
    } pairs[] = {
        {'-', '>', NNX_NNEF_TOK_ARROW}, {'<', '=', NNX_NNEF_TOK_LE}, {'>', '=', NNX_NNEF_TOK_GE},
        {'=', '=', NNX_NNEF_TOK_EQ},    {'!', '=', NNX_NNEF_TOK_NE}, {'&', '&', NNX_NNEF_TOK_AND},
        {'|', '|', NNX_NNEF_TOK_OR},
    };
    static const char singles[] = "+-*/^<>!()[]{}:=,;?";
    static const nnx_nnef_token_kind single_kinds[] = {
        NNX_NNEF_TOK_PLUS,   NNX_NNEF_TOK_MINUS,     NNX_NNEF_TOK_STAR,     NNX_NNEF_TOK_SLASH,
        NNX_NNEF_TOK_CARET,  NNX_NNEF_TOK_LT,        NNX_NNEF_TOK_GT,       NNX_NNEF_TOK_NOT,
        NNX_NNEF_TOK_LPAREN, NNX_NNEF_TOK_RPAREN,    NNX_NNEF_TOK_LBRACKET, NNX_NNEF_TOK_RBRACKET,
        NNX_NNEF_TOK_LBRACE, NNX_NNEF_TOK_RBRACE,    NNX_NNEF_TOK_COLON,    NNX_NNEF_TOK_ASSIGN,
        NNX_NNEF_TOK_COMMA,  NNX_NNEF_TOK_SEMICOLON, NNX_NNEF_TOK_QUESTION,
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        if (c == pairs[i].a && d == pairs[i].b) {
            tok->kind = pairs[i].kind;
            tok->length = 2;
            advance(lx, 2);
            return true;
        }
    }
    const char *hit = c ? strchr(singles, c) : NULL;
    if (!hit)
        return false;
    tok->kind = single_kinds[hit - singles];
    tok->length = 1;
    advance(lx, 1);
    return true;
}

void nnx_nnef_lexer_next(nnx_nnef_lexer *lx, nnx_nnef_token *tok)
{
    if (lx->failed) {
        *tok = lx->error_token;
        return;
    }
    skip_blanks(lx);
    *tok = (nnx_nnef_token){NNX_NNEF_TOK_EOF, lx->line, lx->col, lx->pos, 0};
    if (lx->pos >= lx->len)
        return;
    unsigned char c = (unsigned char)lx->text[lx->pos];
    char found[32];
    if (is_ident_start(c)) {
        lex_word(lx, tok);
    } else if (is_digit(c)) {
        lex_number(lx, tok);
    } else if (c == '\'' || c == '"') {
        lex_string(lx, tok);
    } else if (!lex_symbol(lx, tok)) {
        if (c == '&' || c == '|') {
            const char *want = c == '&' ? "'&&'" : "'||'";
            describe_byte(c, found, sizeof found);
            fail(lx, tok, lx->pos, "expected %s, found %s", want, found);
        } else if (c == '.' && lx->pos + 1 < lx->len && is_digit((unsigned char)lx->text[lx->pos + 1])) {
            fail(lx, tok, lx->pos, "expected a digit before '.' in numeric literal, found %s%s", "'.'", NULL);
        } else {
            describe_byte(c, found, sizeof found);
            fail(lx, tok, lx->pos, "expected a token, found %s%s", found, NULL);
        }
    }
}

void nnx_nnef_token_describe(const nnx_nnef_token *tok, const char *text, char *buf, size_t size)
{
    const char *s = text + tok->offset;
    char spelled[48];
    quote_spelling(s, tok->length, spelled, sizeof spelled);
    switch (tok->kind) {
    case NNX_NNEF_TOK_IDENTIFIER: snprintf(buf, size, "identifier %s", spelled); break;
    case NNX_NNEF_TOK_INTEGER:
    case NNX_NNEF_TOK_SCALAR: snprintf(buf, size, "number %s", spelled); break;
    case NNX_NNEF_TOK_STRING: /* the spelling carries its own quotes */
        if (tok->length > 40)
            snprintf(buf, size, "string literal %.37s...", s);
        else
            snprintf(buf, size, "string literal %.*s", (int)tok->length, s);
        break;
    default:
        if (tok->kind >= NNX_NNEF_TOK_KW_VERSION && tok->kind <= NNX_NNEF_TOK_KW_ELSE)
            snprintf(buf, size, "keyword %s", nnx_nnef_token_kind_name(tok->kind));
        else
            snprintf(buf, size, "%s", nnx_nnef_token_kind_name(tok->kind));
        break;
    }
}

size_t nnx_nnef_string_decode(const char *spelling, size_t length, char *out)
{
    size_t n = 0;
    for (size_t i = 1; i + 1 < length; i++) {
        if (spelling[i] == '\\')
            i++;
        out[n++] = spelling[i];
    }
    out[n] = '\0';
    return n;
}

bool nnx_nnef_integer_value(const char *spelling, size_t length, int64_t *out)
{
    uint64_t v = 0;
    for (size_t i = 0; i < length; i++) {
        uint64_t d = (uint64_t)(spelling[i] - '0');
        if (v > ((uint64_t)INT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = (int64_t)v;
    return true;
}

bool nnx_nnef_scalar_value(const char *spelling, size_t length, char *buf, double *out)
{
    /* strtod reads the locale's decimal point; put it in place of '.' so the result does
     * not depend on the caller's LC_NUMERIC. */
    const char *dp = localeconv()->decimal_point;
    char point = dp && dp[0] && !dp[1] ? dp[0] : '.';
    for (size_t i = 0; i < length; i++)
        buf[i] = spelling[i] == '.' ? point : spelling[i];
    buf[length] = '\0';
    char *end = NULL;
    double v = strtod(buf, &end);
    if (end != buf + length || !(v - v == 0.0)) /* overflow gives inf; inf - inf is NaN */
        return false;
    *out = v;
    return true;
}
