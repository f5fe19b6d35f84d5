/* strbuf.c — growth by doubling; formatting measures with vsnprintf, then writes in place. */
#include "base/strbuf.h"
#include "base/checked.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The buffer's allocator, or libc for a NULL one (filled into *libc). */
static const nnx_alloc *allocator(const nnx_strbuf *b, nnx_alloc *libc)
{
    if (b->alloc)
        return b->alloc;
    nnx_alloc_init(libc, NULL);
    return libc;
}

void nnx_strbuf_init(nnx_strbuf *b, const nnx_alloc *alloc) { *b = (nnx_strbuf){.alloc = alloc}; }

void nnx_strbuf_free(nnx_strbuf *b)
{
    nnx_alloc libc;
    nnx_mem_free(allocator(b, &libc), b->data);
    *b = (nnx_strbuf){.alloc = b->alloc};
}

/* Room for extra more bytes plus the NUL. */
static bool reserve(nnx_strbuf *b, size_t extra)
{
    size_t need;
    if (!nnx_add_size(b->len, extra, &need) || !nnx_add_size(need, 1, &need))
        return !(b->failed = true);
    if (need <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    nnx_alloc libc;
    char *p = nnx_mem_realloc(allocator(b, &libc), b->data, cap);
    if (!p)
        return !(b->failed = true);
    b->data = p;
    b->cap = cap;
    return true;
}

bool nnx_strbuf_append(nnx_strbuf *b, const char *text, size_t length)
{
    if (!reserve(b, length))
        return false;
    memcpy(b->data + b->len, text, length);
    b->len += length;
    b->data[b->len] = '\0';
    return true;
}

bool nnx_strbuf_puts(nnx_strbuf *b, const char *text) { return nnx_strbuf_append(b, text, strlen(text)); }

bool nnx_strbuf_printf(nnx_strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return !(b->failed = true);
    if (!reserve(b, (size_t)n))
        return false;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
    return true;
}

char *nnx_strbuf_take(nnx_strbuf *b, size_t *length)
{
    if (!b->data && reserve(b, 0))
        b->data[0] = '\0';
    char *text = b->failed ? NULL : b->data;
    if (length)
        *length = text ? b->len : 0;
    if (!text)
        nnx_strbuf_free(b);
    *b = (nnx_strbuf){.alloc = b->alloc};
    return text;
}
