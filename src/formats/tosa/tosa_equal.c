/* tosa_equal.c — structural equality of two nnx_tfile, naming the first difference as a
 * path ("regions[0].blocks[1].operators[3].attr.pad"). An operator's attribute compares its
 * union tag and then only the fields of that member table (the others are not part of the
 * file). Strings compare by content, NULL (absent) only equal to NULL. */
#include "formats/tosa/tosa_attr_schema.h"
#include "formats/tosa/tosa_file.h"

#include <stdio.h>
#include <string.h>

typedef struct eq {
    char *where;
    size_t size;
    char path[256];
} eq;

/* Records path + "." + what as the first difference; returns false. */
static bool differ(eq *e, const char *what)
{
    if (e->where && e->size)
        snprintf(e->where, e->size, "%s%s%s", e->path, e->path[0] && what[0] != '[' ? "." : "", what);
    return false;
}

static bool str_eq(const char *a, const char *b) { return a == b || (a && b && strcmp(a, b) == 0); }

static bool ints_eq(const nnx_tfile_ints *a, const nnx_tfile_ints *b)
{
    return a->present == b->present && a->count == b->count &&
        (a->count == 0 || memcmp(a->v, b->v, a->count * sizeof *a->v) == 0);
}

static bool bytes_eq(const nnx_tfile_bytes *a, const nnx_tfile_bytes *b)
{
    return a->present == b->present && a->size == b->size && (a->size == 0 || memcmp(a->data, b->data, a->size) == 0);
}

static bool strs_eq(eq *e, const char *what, uint32_t na, const char *const *a, uint32_t nb, const char *const *b)
{
    if (na != nb)
        return differ(e, what);
    for (uint32_t i = 0; i < na; i++)
        if (!str_eq(a[i], b[i])) {
            char w[64];
            snprintf(w, sizeof w, "%s[%u]", what, i);
            return differ(e, w);
        }
    return true;
}

/* Appends ".name[i]" (or ".name") to the path for the duration of a nested comparison. */
static size_t push(eq *e, const char *name, int64_t i)
{
    size_t len = strlen(e->path);
    if (i >= 0)
        snprintf(e->path + len, sizeof e->path - len, "%s%s[%lld]", len ? "." : "", name, (long long)i);
    else
        snprintf(e->path + len, sizeof e->path - len, "%s%s", len ? "." : "", name);
    return len;
}

static void pop(eq *e, size_t len) { e->path[len] = 0; }

static bool attr_eq(eq *e, const nnx_tfile_attr *a, const nnx_tfile_attr *b)
{
    if (a->type != b->type)
        return differ(e, "type");
    unsigned n;
    const nnx_tfile_attr_field *fields = nnx_tfile_attr_fields(a->type, &n);
    for (unsigned i = 0; i < n; i++) {
        const void *x = (const char *)a + fields[i].offset, *y = (const char *)b + fields[i].offset;
        bool same = true;
        switch (fields[i].kind) {
        case NNX_TFK_I32: same = *(const int32_t *)x == *(const int32_t *)y; break;
        case NNX_TFK_ENUM: same = *(const uint32_t *)x == *(const uint32_t *)y; break;
        case NNX_TFK_BOOL: same = *(const bool *)x == *(const bool *)y; break;
        case NNX_TFK_INTS: same = ints_eq(x, y); break;
        case NNX_TFK_BYTES: same = bytes_eq(x, y); break;
        case NNX_TFK_STRING: same = str_eq(*(const char *const *)x, *(const char *const *)y); break;
        }
        if (!same)
            return differ(e, fields[i].name);
    }
    return true;
}

static bool operator_eq(eq *e, const nnx_tfile_operator *a, const nnx_tfile_operator *b)
{
    if (a->op != b->op)
        return differ(e, "op");
    size_t len = push(e, "attr", -1);
    if (!attr_eq(e, &a->attr, &b->attr))
        return false;
    pop(e, len);
    if (!strs_eq(e, "inputs", a->n_inputs, a->inputs, b->n_inputs, b->inputs) ||
        !strs_eq(e, "outputs", a->n_outputs, a->outputs, b->n_outputs, b->outputs))
        return false;
    if (!str_eq(a->location, b->location))
        return differ(e, "location");
    return true;
}

static bool tensor_eq(eq *e, const nnx_tfile_tensor *a, const nnx_tfile_tensor *b)
{
    if (!str_eq(a->name, b->name))
        return differ(e, "name");
    if (!ints_eq(&a->shape, &b->shape))
        return differ(e, "shape");
    if (a->type != b->type)
        return differ(e, "type");
    if (!bytes_eq(&a->data, &b->data))
        return differ(e, "data");
    if (a->variable != b->variable)
        return differ(e, "variable");
    if (a->is_unranked != b->is_unranked)
        return differ(e, "is_unranked");
    if (!str_eq(a->variable_name, b->variable_name))
        return differ(e, "variable_name");
    if (a->offset != b->offset)
        return differ(e, "offset");
    if (a->size != b->size)
        return differ(e, "size");
    return true;
}

static bool shape_eq(eq *e, const nnx_tfile_shape *a, const nnx_tfile_shape *b)
{
    if (!str_eq(a->name, b->name))
        return differ(e, "name");
    if (a->rank != b->rank)
        return differ(e, "rank");
    if (!bytes_eq(&a->data, &b->data))
        return differ(e, "data");
    return true;
}

#define LIST_EQ(e, name, na, a, nb, b, fn) \
    do { \
        if ((na) != (nb)) \
            return differ(e, name); \
        for (uint32_t i_ = 0; i_ < (na); i_++) { \
            size_t len_ = push(e, name, i_); \
            if (!fn(e, &(a)[i_], &(b)[i_])) \
                return false; \
            pop(e, len_); \
        } \
    } while (0)

static bool block_eq(eq *e, const nnx_tfile_block *a, const nnx_tfile_block *b)
{
    if (!str_eq(a->name, b->name))
        return differ(e, "name");
    LIST_EQ(e, "operators", a->n_operators, a->operators, b->n_operators, b->operators, operator_eq);
    LIST_EQ(e, "tensors", a->n_tensors, a->tensors, b->n_tensors, b->tensors, tensor_eq);
    if (!strs_eq(e, "inputs", a->n_inputs, a->inputs, b->n_inputs, b->inputs) ||
        !strs_eq(e, "outputs", a->n_outputs, a->outputs, b->n_outputs, b->outputs))
        return false;
    LIST_EQ(e, "shapes", a->n_shapes, a->shapes, b->n_shapes, b->shapes, shape_eq);
    return true;
}

static bool region_eq(eq *e, const nnx_tfile_region *a, const nnx_tfile_region *b)
{
    if (!str_eq(a->name, b->name))
        return differ(e, "name");
    LIST_EQ(e, "blocks", a->n_blocks, a->blocks, b->n_blocks, b->blocks, block_eq);
    return true;
}

bool nnx_tfile_equal(const nnx_tfile *a, const nnx_tfile *b, char *where, size_t where_size)
{
    eq e = {.where = where, .size = where_size};
    if (where && where_size)
        where[0] = 0;
    if (a->version.major != b->version.major || a->version.minor != b->version.minor ||
        a->version.patch != b->version.patch || a->version.draft != b->version.draft)
        return differ(&e, "version");
    if (a->has_software_version != b->has_software_version)
        return differ(&e, "software_version");
    if (a->has_software_version &&
        (a->sw_major != b->sw_major || a->sw_minor != b->sw_minor || a->sw_micro != b->sw_micro ||
         !str_eq(a->sw_modifier, b->sw_modifier)))
        return differ(&e, "software_version");
    LIST_EQ(&e, "regions", a->n_regions, a->regions, b->n_regions, b->regions, region_eq);
    return true;
}
