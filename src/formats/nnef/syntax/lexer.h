/* lexer.h — the NNEF text lexer (NNEF 1.0.2 §3.1): turns a byte range into tokens
 * with 1-based line and byte column. It never allocates and never fails hard:
 * a lexical error becomes a sticky NNX_NNEF_TOK_ERROR token whose message the parser
 * reports, so errors come out in source order even with lookahead. Shared by the document
 * parser, the graph.quant parser and (later) the tensor-file quantization strings. */
#ifndef NNX_FORMATS_NNEF_LEXER_H
#define NNX_FORMATS_NNEF_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum nnx_nnef_token_kind {
    NNX_NNEF_TOK_EOF = 0,
    NNX_NNEF_TOK_ERROR,      /* lexical error; the lexer's message says what */
    NNX_NNEF_TOK_IDENTIFIER, /* [A-Za-z_][A-Za-z0-9_]*, not a keyword nor true/false */
    NNX_NNEF_TOK_INTEGER,    /* digits only: an integer literal (no sign, see §3.1 below) */
    NNX_NNEF_TOK_SCALAR,     /* digits with '.' digits and/or an exponent: a scalar literal */
    NNX_NNEF_TOK_STRING,     /* '...' or "...", spelling includes the quotes and escapes */
    NNX_NNEF_TOK_TRUE,
    NNX_NNEF_TOK_FALSE,
    /* The 17 keywords of §3.1, in the spec's order. */
    NNX_NNEF_TOK_KW_VERSION,
    NNX_NNEF_TOK_KW_EXTENSION,
    NNX_NNEF_TOK_KW_GRAPH,
    NNX_NNEF_TOK_KW_FRAGMENT,
    NNX_NNEF_TOK_KW_TENSOR,
    NNX_NNEF_TOK_KW_INTEGER,
    NNX_NNEF_TOK_KW_SCALAR,
    NNX_NNEF_TOK_KW_LOGICAL,
    NNX_NNEF_TOK_KW_STRING,
    NNX_NNEF_TOK_KW_SHAPE_OF,
    NNX_NNEF_TOK_KW_LENGTH_OF,
    NNX_NNEF_TOK_KW_RANGE_OF,
    NNX_NNEF_TOK_KW_FOR,
    NNX_NNEF_TOK_KW_IN,
    NNX_NNEF_TOK_KW_YIELD,
    NNX_NNEF_TOK_KW_IF,
    NNX_NNEF_TOK_KW_ELSE,
    /* Operators (§3.1 <operator>). */
    NNX_NNEF_TOK_PLUS,
    NNX_NNEF_TOK_MINUS,
    NNX_NNEF_TOK_STAR,
    NNX_NNEF_TOK_SLASH,
    NNX_NNEF_TOK_CARET,
    NNX_NNEF_TOK_LT,
    NNX_NNEF_TOK_LE,
    NNX_NNEF_TOK_GT,
    NNX_NNEF_TOK_GE,
    NNX_NNEF_TOK_EQ, /* == */
    NNX_NNEF_TOK_NE,
    NNX_NNEF_TOK_AND,
    NNX_NNEF_TOK_OR,
    NNX_NNEF_TOK_NOT,
    /* Syntactic characters, plus '?' which the grammar uses but §3.1 does not list. */
    NNX_NNEF_TOK_LPAREN,
    NNX_NNEF_TOK_RPAREN,
    NNX_NNEF_TOK_LBRACKET,
    NNX_NNEF_TOK_RBRACKET,
    NNX_NNEF_TOK_LBRACE,
    NNX_NNEF_TOK_RBRACE,
    NNX_NNEF_TOK_COLON,
    NNX_NNEF_TOK_ASSIGN, /* = */
    NNX_NNEF_TOK_COMMA,
    NNX_NNEF_TOK_SEMICOLON,
    NNX_NNEF_TOK_ARROW,
    NNX_NNEF_TOK_QUESTION,
    NNX_NNEF_TOK_KIND_COUNT
} nnx_nnef_token_kind;

typedef struct nnx_nnef_token {
    nnx_nnef_token_kind kind;
    uint32_t line, col; /* 1-based; col counts bytes; both saturate at UINT32_MAX */
    size_t offset;      /* spelling = text[offset, offset + length) */
    size_t length;
} nnx_nnef_token;

#define NNX_NNEF_LEX_MESSAGE_MAX 160

typedef struct nnx_nnef_lexer {
    const char *text;
    size_t len, pos;
    uint32_t line, col;
    bool failed;                /* after the first error every token is that error */
    nnx_nnef_token error_token; /* positioned at the offending byte */
    char message[NNX_NNEF_LEX_MESSAGE_MAX];
} nnx_nnef_lexer;

/* text need not be NUL-terminated; NUL and any other byte may occur in it. */
void nnx_nnef_lexer_init(nnx_nnef_lexer *lx, const char *text, size_t len);

/* The next token. White space is space, HT, VT, FF, LF and CR (CR is not in §3.1; it is
 * accepted so CRLF files load, NNEF 1.0.2 §3.1, decision 3). Only LF starts a new line. A '#' comment
 * runs to LF, FF or CR and may contain any byte. */
void nnx_nnef_lexer_next(nnx_nnef_lexer *lx, nnx_nnef_token *tok);

/* How a token kind is named in "expected X" messages: "';'", "identifier", "'graph'". */
const char *nnx_nnef_token_kind_name(nnx_nnef_token_kind kind);

/* How a token is named in "found Y" messages: "identifier 'abc'", "number '1.5'",
 * "keyword 'graph'", "string literal 'a b'", "'->'", "end of input". Long spellings are
 * shortened with "...". */
void nnx_nnef_token_describe(const nnx_nnef_token *tok, const char *text, char *buf, size_t size);

/* True for the four keywords usable as a <type-name> (integer, scalar, logical, string). */
bool nnx_nnef_token_is_type_keyword(nnx_nnef_token_kind kind);

/* Decodes a STRING token's spelling (quotes included) into out, which must hold length - 1
 * bytes; returns the decoded length and writes a terminating NUL. The lexer has already
 * checked the escapes: only \<quote> and \\ exist (§3.1). */
size_t nnx_nnef_string_decode(const char *spelling, size_t length, char *out);

/* Converts an INTEGER spelling (digits only). False when the magnitude exceeds INT64_MAX:
 * integer literals must lie in [-(2^63-1), 2^63-1] (decision, see parser.h). */
bool nnx_nnef_integer_value(const char *spelling, size_t length, int64_t *out);

/* Converts a SCALAR or INTEGER spelling to the nearest double, independent of the C locale.
 * buf must hold length + 1 bytes (scratch). False when the value is not finite (overflow):
 * a scalar is "a real value" (§3.3.1), so 1e999 is an error rather than infinity. */
bool nnx_nnef_scalar_value(const char *spelling, size_t length, char *buf, double *out);

#endif
