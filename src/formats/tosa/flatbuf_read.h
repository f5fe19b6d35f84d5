/* flatbuf_read.h — a verifying reader of FlatBuffers binaries (FlatBuffers binary format:
 * root, identifier, tables and vtables, scalars, vectors, strings, unions). Every offset,
 * length and count is checked before it is followed (byte-wise little-endian loads, checked
 * sizes, a nesting bound, a budget of items visited). Errors: NNX_ERROR_INVALID_ARGUMENT
 * "<where>: error: <Table>.<field>[i]: <what is wrong>". */
#ifndef NNX_FORMATS_TOSA_FLATBUF_READ_H
#define NNX_FORMATS_TOSA_FLATBUF_READ_H

#include "base/error.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The buffer being read and its bounds. */
typedef struct nnx_fb {
    const uint8_t *buf;
    size_t size;
    const char *where; /* the file's name for messages */
    nnx_error *err;
    uint32_t max_depth; /* tables inside tables */
    uint32_t max_items; /* items of one vector of wider than 1-byte items */
    size_t max_string;  /* bytes of one string */
    uint64_t budget;    /* tables + vector items + string bytes still allowed */
} nnx_fb;

/* A verified table: its position, vtable and sizes, its schema name and nesting depth. */
typedef struct nnx_fb_table {
    size_t pos, vtab;
    uint16_t vt_size, t_size;
    uint32_t depth; /* 1 for the root */
    const char *name;
} nnx_fb_table;

/* A verified vector: item count and the position of item 0 (absent: present false). */
typedef struct nnx_fb_vec {
    bool present;
    uint32_t count;
    size_t data;
} nnx_fb_vec;

/* "Field" names a table's field for messages; idx < 0 means "not an item of a vector". */

/* Sets up r over buf[0..size): budget = 16 items per byte plus 4096. */
void nnx_fb_init(nnx_fb *r, const void *buf, size_t size, const char *where, nnx_error *err);

/* Records "<where>: error: <table>.<field>[idx]: <message>" (INVALID_ARGUMENT); returns it. */
nnx_status nnx_fb_fail(nnx_fb *r, const char *table, const char *field, int64_t idx, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Little-endian loads at any alignment; the caller has checked the bounds. */
uint16_t nnx_fb_load16(const uint8_t *p);
uint32_t nnx_fb_load32(const uint8_t *p);
uint64_t nnx_fb_load64(const uint8_t *p);

/* The root table (named root_name) after checking the 8-byte header and the identifier
 * (4 characters; the message quotes the identifier found and the one expected). */
nnx_status nnx_fb_root(nnx_fb *r, const char *ident, const char *root_name, nnx_fb_table *out);

/* The position of field slot in t (0 when absent), after checking that the field's size
 * bytes lie inside the table. */
nnx_status nnx_fb_field(nnx_fb *r, const nnx_fb_table *t, unsigned slot, unsigned size, const char *field, size_t *pos);

/* Scalar fields with their defaults. A bool is any non-zero byte. */
nnx_status nnx_fb_u8(nnx_fb *r, const nnx_fb_table *t, unsigned slot, const char *field, uint8_t def, uint8_t *out);
nnx_status nnx_fb_bool(nnx_fb *r, const nnx_fb_table *t, unsigned slot, const char *field, bool def, bool *out);
nnx_status nnx_fb_i32(nnx_fb *r, const nnx_fb_table *t, unsigned slot, const char *field, int32_t def, int32_t *out);
nnx_status nnx_fb_u32(nnx_fb *r, const nnx_fb_table *t, unsigned slot, const char *field, uint32_t def, uint32_t *out);
nnx_status nnx_fb_u64(nnx_fb *r, const nnx_fb_table *t, unsigned slot, const char *field, uint64_t def, uint64_t *out);

/* Follows the uoffset stored at ref (the caller has checked ref + 4 <= size): the target's
 * position, which must leave at least need bytes before the end. */
nnx_status nnx_fb_follow(nnx_fb *r, size_t ref, size_t need, const char *table, const char *field, int64_t idx,
                         size_t *target);

/* The table the uoffset at ref points to, one level deeper than parent (NULL: the root). */
nnx_status nnx_fb_table_at(nnx_fb *r, const nnx_fb_table *parent, size_t ref, const char *name, const char *field,
                           int64_t idx, nnx_fb_table *out);
/* A table-valued field of t; *present false when absent. */
nnx_status nnx_fb_table_field(nnx_fb *r, const nnx_fb_table *t, unsigned slot, const char *name, const char *field,
                              bool *present, nnx_fb_table *out);

/* A vector field of elem-byte items (count * elem checked against the buffer; count bounded
 * by max_items unless the items are bytes, which are bounded by the buffer alone). */
nnx_status nnx_fb_vector(nnx_fb *r, const nnx_fb_table *t, unsigned slot, size_t elem, const char *field,
                         nnx_fb_vec *out);

/* The string the uoffset at ref points to: length bounded, inside the buffer, NUL-terminated,
 * no NUL inside. *s points into the buffer. */
nnx_status nnx_fb_string_at(nnx_fb *r, const nnx_fb_table *t, size_t ref, const char *field, int64_t idx,
                            const char **s, uint32_t *len);
/* A string field; *s NULL when absent. */
nnx_status nnx_fb_string(nnx_fb *r, const nnx_fb_table *t, unsigned slot, const char *field, const char **s,
                         uint32_t *len);

/* A union: the tag at slot (checked <= max_tag) and, when the tag is not 0 and the value is
 * present, its member table (named by name_of(tag)) at slot + 1; *present false otherwise. */
nnx_status nnx_fb_union(nnx_fb *r, const nnx_fb_table *t, unsigned slot, const char *field, uint8_t max_tag,
                        const char *(*name_of)(uint32_t tag), uint8_t *tag, bool *present, nnx_fb_table *out);

#endif
