/* save_target.h — where nnx_model_save and nnx_graph_save write (include/nnx.h, "saving"):
 * the path's ending picks the format row, or the path is refused; an NNEF folder is written
 * into a temporary folder beside it and renamed into place (base/file.h, nnx_folder_stage);
 * every error of the save ends up as "PATH: error: ...", PATH the output as given. */
#ifndef NNX_API_SAVE_TARGET_H
#define NNX_API_SAVE_TARGET_H

#include "api/model_format.h"
#include "base/file.h"

typedef struct nnx_save_target {
    const nnx_model_format *row; /* the writer (its save is not NULL) */
    const char *path;            /* what the writer writes: the path given, or stage.temp */
    const char *shown;           /* the path given, for messages */
    bool folder;                 /* an NNEF folder, written through stage */
    bool replace;                /* NNX_SAVE_REPLACE */
    nnx_folder_stage stage;
    /* The names the writer changed, kept until close reports them (nnx_save_options.on_rename);
     * renames.fn is NULL when nobody asked. */
    nnx_ir_renames renames;
    nnx_rename_fn on_rename;
    void *rename_user;
    const nnx_alloc *alloc;
    nnx_arena names; /* the entries' strings */
    struct nnx_save_rename *list;
    uint32_t n_list, cap_list;
} nnx_save_target;

/* Checks path, and what is there, against the rules of "saving" and, for a folder, makes
 * the temporary folder the writer is to fill. On failure err holds "PATH: error: ..." and
 * nothing was made. */
nnx_status nnx_save_target_open(nnx_save_target *t, const char *path, const nnx_save_options *options,
                                const nnx_alloc *alloc, nnx_error *err);

/* Ends a save whose writer returned st (after a successful open): on NNX_OK a folder is
 * moved into place; on failure what open made is removed, the temporary folder's name in
 * err's message becomes the output's, and a message without a "PATH: error:" prefix gets the
 * output's. On success the names the writer reported to t->renames go to the options'
 * on_rename, in the order reported. Returns the save's status. */
nnx_status nnx_save_target_close(nnx_save_target *t, nnx_status st, nnx_error *err);

#endif
