/* objects.h — the public handles' structs and the context's ownership lists. A context
 * links every builder, graph, tensor and model made from it so that destroying it destroys
 * them. Every struct starts with an nnx_handle (api/handle.h): destroyed handles stay
 * recognisable, and every entry point checks `h.destroyed` before anything else. */
#ifndef NNX_API_OBJECTS_H
#define NNX_API_OBJECTS_H

#include "api/handle.h"
#include "base/error.h"
#include "base/pool.h"
#include "ir/graph.h"
#include "runtime/plan.h"

#include <pthread.h>

/* lock guards err and the ownership lists, so that tensors can be made, dispatched and
 * destroyed from several threads (each with its own objects). */
struct nnx_context {
    nnx_handle h;
    nnx_alloc alloc;
    uint32_t threads;
    nnx_log_fn log;
    void *log_user;
    pthread_mutex_t lock;
    nnx_error err;
    nnx_link builders, graphs, tensors, models; /* list heads */
    nnx_pool *pool;                             /* worker threads, made when the first graph is built */
    bool pool_tried;                            /* pool creation was attempted (it may have failed: then serial) */
};

struct nnx_tensor {
    nnx_handle h;
    nnx_context *ctx;
    nnx_tensor_desc desc;
    bool constant;
    bool borrowed; /* data is the caller's (nnx_tensor_create_view): never freed here */
    size_t bytes;
    void *data;
};

struct nnx_operand {
    nnx_builder *builder;
    uint32_t value; /* NNX_NONE for the poisoned operand */
    nnx_operand_desc desc;
};

struct nnx_builder {
    nnx_handle h;
    nnx_context *ctx;
    nnx_ir ir;
    nnx_arena arena; /* operands */
    nnx_error err;
    bool built;
    nnx_operand poison;
};

typedef struct nnx_shape_cache nnx_shape_cache;

/* A graph's plan is read-only once built; each dispatch takes an idle exec (its own buffers)
 * from `idle` or makes one, so dispatches of one graph can run concurrently. A graph whose
 * IR updates variables runs one dispatch at a time (state_lock), since a run reads the state
 * that the previous run's commit writes. */
struct nnx_graph {
    nnx_handle h;
    nnx_context *ctx;
    nnx_ir ir;
    nnx_plan plan;
    pthread_mutex_t lock, state_lock; /* lock: idle */
    nnx_exec *idle;
    uint32_t n_inputs, n_outputs;
    uint32_t *input_values, *output_values;
    const char **input_names;
    char **output_names;
    nnx_shape_cache *shapes;         /* non-NULL: an unbound graph (api/graph_shapes.h): no IR or
                                plan of its own, one compiled graph per input shape set */
    struct nnx_stage_runner *stages; /* non-NULL: a staged graph (api/graph_stages.h): no IR
                                        or plan of its own, a chain of compiled stages */
    /* The sanitiser of the model format it was built from (nnx_graph_find_input), or NULL. */
    char *(*sanitize)(nnx_arena *arena, const char *name);
};

void nnx_link_init(nnx_link *head);
/* Under the context's lock: */
void nnx_context_own(nnx_context *ctx, nnx_link *head, nnx_link *item);
void nnx_context_disown(nnx_context *ctx, nnx_link *item);
void nnx_link_push(nnx_link *head, nnx_link *item);
void nnx_link_remove(nnx_link *item);

/* Records err as the context's last error (replacing the previous one). */
nnx_status nnx_context_fail(nnx_context *ctx, nnx_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void nnx_context_log(const nnx_context *ctx, nnx_log_level level, const char *message);
/* A call on a destroyed handle (of ctx): st, with the message "<what> was destroyed" recorded
 * in ctx when ctx itself is alive. */
nnx_status nnx_destroyed(nnx_context *ctx, nnx_status st, const char *what);

/* The context's worker pool, created on first use (threads - 1 workers, the dispatching
 * thread being the last one); NULL with one thread, or if the threads could not be made. */
nnx_pool *nnx_context_pool(nnx_context *ctx);

/* A compiled graph of ctx over ir (moved into the graph, ir left empty; freed on failure)
 * with the named outputs; inputs are the graph inputs the outputs reach. */
nnx_status nnx_graph_create(nnx_context *ctx, nnx_ir *ir, const uint32_t *outputs, const char *const *names,
                            uint32_t count, nnx_graph **out, nnx_error *err);

/* nnx_graph_create with nnx_build_flags: NNX_BUILD_EXPOSE_TENSORS adds every named value a
 * node computes (not an input, a constant or a name already taken) as an output after the
 * given ones, in node order (include/nnx.h, nnx_model_build_with). */
nnx_status nnx_graph_create_with(nnx_context *ctx, nnx_ir *ir, const uint32_t *outputs, const char *const *names,
                                 uint32_t count, uint32_t flags, nnx_graph **out, nnx_error *err);

/* Dispatch once checked (graph.c): fixed, unbound and staged graphs; make: the output
 * tensors are made (outputs[k].tensor NULL on entry; NULL again on failure). */
nnx_status nnx_graph_dispatch(nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *inputs, size_t n_in,
                              nnx_named_tensor *outputs, size_t n_out, bool make);

/* Runs fixed-shape graph g on raw buffers: in[i] holds input i, out[i] receives output i
 * (each exactly its type's bytes). */
nnx_status nnx_graph_run_buffers(nnx_graph *g, void *const *in, void *const *out, nnx_error *err);

/* The live part of ir as a flat NNEF graph in flat (initialised and freed by the caller);
 * *vars: the variables' data, pointing into ir (graph_save.c). */
struct nnx_nnef_flat;
struct nnx_nnef_variable_data;
nnx_status nnx_ir_to_nnef_flat(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                               uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                               uint32_t n_outputs, const nnx_ir_renames *renames, const nnx_alloc *a,
                               struct nnx_nnef_flat *flat, struct nnx_nnef_variable_data **vars, uint32_t *n_vars,
                               nnx_error *err);

/* Writes the live part of ir as a flat NNEF container at path (graph_save.c), reporting the
 * names it changed to renames (may be NULL). */
nnx_status nnx_save_ir_as_nnef(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                               uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                               uint32_t n_outputs, const char *path, const nnx_ir_renames *renames, const nnx_alloc *a,
                               nnx_error *err);

/* Frees a graph that was never given out (a failed nnx_graph_create). */
void nnx_graph_free(nnx_graph *g);

#endif
