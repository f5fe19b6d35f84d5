/* tfile_asm.h — lays out FlatBuffers bytes by hand for the .tosa reader's tests, apart from
 * nnx's writer and in another layout: each table is followed (not preceded) by its vtable, so
 * soffsets are negative, and fields sit in the order given. Everything is placed at the end
 * of a fixed buffer and linked with explicit uoffsets (FlatBuffers binary format). */
#ifndef NNX_TESTS_TFILE_ASM_H
#define NNX_TESTS_TFILE_ASM_H

#include <stdint.h>
#include <string.h>

typedef struct fa {
    uint8_t b[16384];
    size_t n;
} fa;

/* A field of a table: slot, size in bytes (1, 4, 8; 0 ends a list), value (0 for a uoffset
 * to link later). */
typedef struct fa_field {
    unsigned slot, size;
    uint64_t v;
} fa_field;

static void fa_st(uint8_t *p, uint64_t v, unsigned size)
{
    for (unsigned i = 0; i < size; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static size_t fa_pad(fa *f, size_t align)
{
    while (f->n % align)
        f->b[f->n++] = 0;
    return f->n;
}

static size_t fa_put(fa *f, uint64_t v, unsigned size)
{
    size_t at = f->n;
    fa_st(f->b + at, v, size);
    f->n += size;
    return at;
}

/* Starts a file: root uoffset (linked later with fa_link(f, 0, table)) and identifier. */
static void fa_start(fa *f, const char *ident)
{
    memset(f, 0, sizeof *f);
    fa_put(f, 0, 4);
    memcpy(f->b + 4, ident, 4);
    f->n = 8;
}

/* Stores at `at` the uoffset to target. */
static void fa_link(fa *f, size_t at, size_t target) { fa_st(f->b + at, target - at, 4); }

/* The position the uoffset at `at` points to. */
static size_t fa_target(const fa *f, size_t at)
{
    const uint8_t *p = f->b + at;
    return at + (p[0] | (size_t)p[1] << 8 | (size_t)p[2] << 16 | (size_t)p[3] << 24);
}

/* A table with the fields of list (ended by size 0) and then its vtable of n_slots slots;
 * pos[slot] receives each field's position. Returns the table's position. */
static size_t fa_table(fa *f, unsigned n_slots, const fa_field *list, size_t *pos)
{
    uint16_t off[32] = {0};
    fa_pad(f, 8);
    size_t t = fa_put(f, 0, 4);
    for (const fa_field *x = list; x && x->size; x++) {
        fa_pad(f, x->size);
        size_t at = fa_put(f, x->v, x->size);
        off[x->slot] = (uint16_t)(at - t);
        if (pos)
            pos[x->slot] = at;
    }
    size_t tsize = f->n - t;
    fa_pad(f, 2);
    size_t v = fa_put(f, 4 + 2 * n_slots, 2);
    fa_put(f, tsize, 2);
    for (unsigned s = 0; s < n_slots; s++)
        fa_put(f, off[s], 2);
    fa_st(f->b + t, (uint64_t)(uint32_t)(int32_t)((int64_t)t - (int64_t)v), 4);
    return t;
}

static size_t fa_string(fa *f, const char *s)
{
    fa_pad(f, 4);
    size_t at = fa_put(f, strlen(s), 4);
    memcpy(f->b + f->n, s, strlen(s) + 1);
    f->n += strlen(s) + 1;
    return at;
}

static size_t fa_ints(fa *f, const int32_t *v, uint32_t n)
{
    fa_pad(f, 4);
    size_t at = fa_put(f, n, 4);
    for (uint32_t i = 0; i < n; i++)
        fa_put(f, (uint32_t)v[i], 4);
    return at;
}

/* [ubyte] with force_align 8: the items start at a multiple of 8. */
static size_t fa_bytes(fa *f, const uint8_t *v, uint32_t n)
{
    while ((f->n + 4) % 8)
        f->b[f->n++] = 0;
    size_t at = fa_put(f, n, 4);
    memcpy(f->b + f->n, v, n);
    f->n += n;
    return at;
}

/* A vector of n uoffsets; item i's slot is at the result + 4 + 4 i. */
static size_t fa_refs(fa *f, uint32_t n)
{
    fa_pad(f, 4);
    size_t at = fa_put(f, n, 4);
    f->n += 4 * (size_t)n;
    return at;
}

/* A [string] vector of n names, linked from at. */
static void fa_strings(fa *f, size_t at, const char *const *names, uint32_t n)
{
    size_t v = fa_refs(f, n);
    fa_link(f, at, v);
    for (uint32_t i = 0; i < n; i++)
        fa_link(f, v + 4 + 4 * i, fa_string(f, names[i]));
}

#define FA_FIELDS(...) ((const fa_field[]){__VA_ARGS__, {0, 0, 0}})

#endif
