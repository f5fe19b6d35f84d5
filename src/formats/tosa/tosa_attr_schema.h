/* tosa_attr_schema.h — the member tables of the union `Attribute` as data: for each union
 * tag (= Op number, 1..96) the fields of its table in slot order, each naming the field of
 * nnx_tfile_attr that holds it. The reader, the writer and the equality walk this one list,
 * so a field is read, written and compared the same way. */
#ifndef NNX_FORMATS_TOSA_ATTR_SCHEMA_H
#define NNX_FORMATS_TOSA_ATTR_SCHEMA_H

#include "formats/tosa/tosa_file.h"

typedef enum nnx_tfile_field_kind {
    NNX_TFK_I32,    /* int32 scalar */
    NNX_TFK_ENUM,   /* uint32 enumeration */
    NNX_TFK_BOOL,   /* bool */
    NNX_TFK_INTS,   /* [int32] */
    NNX_TFK_BYTES,  /* [ubyte] (force_align: 8) */
    NNX_TFK_STRING, /* string */
} nnx_tfile_field_kind;

typedef struct nnx_tfile_attr_field {
    const char *name; /* the schema's field name */
    nnx_tfile_field_kind kind;
    size_t offset; /* of the member of nnx_tfile_attr */
} nnx_tfile_attr_field;

#define NNX_TFILE_ATTR_MAX_FIELDS 5u

/* The fields of union tag's member table, in slot order (slot i is item i); *n = 0 for a
 * table without fields, tag 0 or a tag past 96. */
const nnx_tfile_attr_field *nnx_tfile_attr_fields(uint32_t tag, unsigned *n);

#endif
