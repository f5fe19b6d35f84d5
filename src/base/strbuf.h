/* strbuf.h — a growable NUL-terminated text buffer for generated documents (NNEF text,
 * graph.quant, Graphviz). Every append reports failure (allocation or size overflow) and
 * leaves the text as it was; `failed` also remembers that one failed, so a writer may append
 * freely and check once at the end. Writers that undo partial output reset `len`. */
#ifndef NNX_BASE_STRBUF_H
#define NNX_BASE_STRBUF_H

#include "base/alloc.h"

#include <string.h>

typedef struct nnx_strbuf {
    const nnx_alloc *alloc; /* NULL: libc */
    char *data;             /* NULL until something is appended; then NUL-terminated */
    size_t len, cap;
    bool failed;
} nnx_strbuf;

void nnx_strbuf_init(nnx_strbuf *b, const nnx_alloc *alloc);
void nnx_strbuf_free(nnx_strbuf *b);
bool nnx_strbuf_append(nnx_strbuf *b, const char *text, size_t length);
bool nnx_strbuf_puts(nnx_strbuf *b, const char *text);
bool nnx_strbuf_printf(nnx_strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline bool nnx_strbuf_failed(const nnx_strbuf *b) { return b->failed; }
/* Hands the text to the caller (free it with nnx_mem_free and the buffer's allocator) and
 * empties the buffer; NULL if an append had failed (the text is then freed). */
char *nnx_strbuf_take(nnx_strbuf *b, size_t *length);

/* For short messages built in a fixed buffer: appends s to buf[*n, size), keeping it
 * NUL-terminated, and stops silently when the buffer is full. */
static inline void nnx_str_put(char *buf, size_t size, size_t *n, const char *s)
{
    size_t len = strlen(s);
    if (*n + 1 >= size)
        return;
    if (len > size - 1 - *n)
        len = size - 1 - *n;
    memcpy(buf + *n, s, len);
    *n += len;
    buf[*n] = '\0';
}

#endif
