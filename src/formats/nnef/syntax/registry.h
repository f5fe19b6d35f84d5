/* registry.h — every operation a document may invoke: the standard library's fragments
 * (chapter 4, parsed once from stdlib_text; by default with the later additions of
 * stdlib_later_text, which replace 1.0.2 fragments of the same name; decision 51) and the
 * document's own fragments. Fragments are
 * identified by name only (§3.3.2, D1); a document fragment that reuses a standard name is
 * rejected (NNEF 1.0.2 §3.3.2, decision D1, NNEF 1.0.2 §3.3.2). */
#ifndef NNX_FORMATS_NNEF_REGISTRY_H
#define NNX_FORMATS_NNEF_REGISTRY_H

#include "formats/nnef/syntax/ast.h"
#include "base/error.h"

typedef struct nnx_nnef_entry {
    const nnx_nnef_fragment *fragment;
    const char *file; /* the document it was declared in, for diagnostics */
    bool standard;    /* from the standard library */
    bool later;       /* from the library after 1.0.2 (stdlib_later_text.c) */
} nnx_nnef_entry;

typedef struct nnx_nnef_registry {
    const nnx_alloc *alloc;
    nnx_nnef_document *stdlib; /* owned */
    nnx_nnef_document *later;  /* owned: the later library, registered unless strict */
    bool strict;               /* NNEF 1.0.2 only: later operations are named, not found */
    nnx_nnef_entry *entries;   /* sorted by fragment name */
    uint32_t count;
} nnx_nnef_registry;

/* Parses the standard library and adds doc's fragments (doc may be NULL). Duplicate names
 * (D1) are NNX_ERROR_INVALID_MODEL at the later declaration. */
nnx_status nnx_nnef_registry_init(nnx_nnef_registry *r, const nnx_nnef_document *doc, const nnx_alloc *alloc,
                                  nnx_error *err);
/* strict: only NNEF 1.0.2's library is registered (NNX_MODEL_STRICT_1_0_2); the later one is
 * still parsed so messages can name what a document uses from it. */
nnx_status nnx_nnef_registry_init_ex(nnx_nnef_registry *r, const nnx_nnef_document *doc, bool strict,
                                     const nnx_alloc *alloc, nnx_error *err);
void nnx_nnef_registry_free(nnx_nnef_registry *r);
/* In strict mode: the later library's fragment of that name when it is not registered, or
 * when it has a parameter `param` (non-NULL) that the registered one lacks; else NULL. */
const nnx_nnef_fragment *nnx_nnef_registry_later_feature(const nnx_nnef_registry *r, const char *name,
                                                         const char *param);
/* NULL when no operation has that name. */
const nnx_nnef_entry *nnx_nnef_registry_find(const nnx_nnef_registry *r, const char *name);

/* A primitive: a standard fragment declared without a body. A custom operation: a
 * document fragment declared without a body. */
static inline bool nnx_nnef_entry_is_primitive(const nnx_nnef_entry *e)
{
    return e->standard && !e->fragment->has_body;
}
static inline bool nnx_nnef_entry_is_custom(const nnx_nnef_entry *e) { return !e->standard && !e->fragment->has_body; }

#endif
