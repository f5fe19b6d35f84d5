/* tosa_file.c — the lifetime of an nnx_tfile: everything it holds lives in its arena, so
 * freeing is one arena release; init sets the schema's defaults (versions -1, draft true). */
#include "formats/tosa/tosa_file.h"

#include <string.h>

void nnx_tfile_init(nnx_tfile *f, const nnx_alloc *alloc)
{
    memset(f, 0, sizeof *f);
    nnx_arena_init(&f->arena, alloc);
    f->version = (nnx_tfile_version){.major = -1, .minor = -1, .patch = -1, .draft = true};
    f->sw_major = f->sw_minor = f->sw_micro = -1;
}

void nnx_tfile_free(nnx_tfile *f)
{
    const nnx_alloc *alloc = f->arena.alloc;
    nnx_arena_free(&f->arena);
    nnx_tfile_init(f, alloc);
}
