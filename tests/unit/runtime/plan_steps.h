/* plan_steps.h — for tests of the plan's passes (views.c, concat_in_place.c): the step of a
 * compiled plan that produces a value. Include after cmocka.h and runtime/plan.h. */
#ifndef NNX_TEST_PLAN_STEPS_H
#define NNX_TEST_PLAN_STEPS_H

/* The step producing value v (fails the test when none does). */
static inline uint32_t step_of(const nnx_plan *plan, uint32_t v)
{
    for (uint32_t k = 0; k < plan->n_order; k++)
        if (plan->ir->nodes[plan->order[k]].out[0] == v)
            return k;
    fail_msg("value %u has no step", v);
    return 0;
}

#endif
