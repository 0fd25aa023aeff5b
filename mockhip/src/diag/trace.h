/*
 * trace.h: the trace (trace.c), its argument decoders (trace_decode.c) and
 * teach mode's notes (teach.c). Part of internal.h, which includes it after
 * the types it names: every entry point decodes its arguments through these
 * when calls are traced.
 */
#ifndef MH_TRACE_H
#define MH_TRACE_H

/* Whether calls are traced: MOCKHIP_TRACE, MOCKHIP_TEACH or MOCKHIP_TRACE_HTML. */
MH_HIDDEN bool mh__tracing(void);
MH_HIDDEN void mh__trace_init(const mh_options *options);

/* mh__leave while tracing: the arguments formatted by args_fmt, then mh__leave_quiet, then the
   line and any teach notes. */
MH_HIDDEN hipError_t mh__leave_traced(mockhip_api api, hipError_t err, const char *args_fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The decoded call text, "hipMemMap(ptr=reservation#1+0x0, ...) = hipSuccess" and on failure
   " (reason)", into out; what every trace line and the HTML trace show. reason may be NULL. */
MH_HIDDEN void mh__trace_call_text(char *out, size_t out_bytes, mockhip_api api, hipError_t err,
                                   const char *args, const char *reason);

/* Prints the trace line of a call that does not end in mh__leave (hipGetLastError). */
MH_HIDDEN void mh__trace_call(mockhip_api api, hipError_t err, const char *args);

/* What starts every line mockhip prints: "[pid 1234] " in teach mode, so the lines of a
   parent and of the children it forks can be told apart; else "". */
MH_HIDDEN const char *mh__line_prefix(char out[32]);

/* The decoders: each returns its text in a thread-local ring of buffers that lasts for the
   arguments of one call (trace_decode.c). Pointers read as "reservation#2+0x4000", handles,
   streams, events and graphs as "handle#3"; an out-parameter as "name -> value" after a
   success, else as "name=<its address>". */
#define MH_DECODED_BYTES 384
MH_HIDDEN const char *mh__d_ptr(const void *ptr);
MH_HIDDEN const char *mh__d_out_ptr(const char *name, void *const *out, hipError_t err);
MH_HIDDEN const char *mh__d_bytes(size_t bytes);
MH_HIDDEN const char *mh__d_vmm_bytes(size_t bytes);
MH_HIDDEN const char *mh__d_handle(hipMemGenericAllocationHandle_t handle);
MH_HIDDEN const char *mh__d_out_handle(const char *name, const hipMemGenericAllocationHandle_t *out,
                                       hipError_t err);
MH_HIDDEN const char *mh__d_stream(hipStream_t stream);
MH_HIDDEN const char *mh__d_out_stream(const char *name, const hipStream_t *out, hipError_t err);
MH_HIDDEN const char *mh__d_event(hipEvent_t event);
MH_HIDDEN const char *mh__d_out_event(const char *name, const hipEvent_t *out, hipError_t err);
MH_HIDDEN const char *mh__d_graph(hipGraph_t graph);
MH_HIDDEN const char *mh__d_out_graph(const char *name, const hipGraph_t *out, hipError_t err);
MH_HIDDEN const char *mh__d_graph_node(hipGraphNode_t node);
MH_HIDDEN const char *mh__d_out_graph_node(const char *name, const hipGraphNode_t *out,
                                           hipError_t err);
MH_HIDDEN const char *mh__d_graph_exec(hipGraphExec_t exec);
MH_HIDDEN const char *mh__d_out_graph_exec(const char *name, const hipGraphExec_t *out,
                                           hipError_t err);
/* "[node#1, node#2]" (the first few), "NULL", or the address when count is 0. */
MH_HIDDEN const char *mh__d_nodes(const hipGraphNode_t *nodes, size_t count);
MH_HIDDEN const char *mh__d_out_node_type(const char *name, const hipGraphNodeType *out,
                                          hipError_t err);
/* An address as itself, "NULL" for NULL. */
MH_HIDDEN const char *mh__d_address(const void *address);
MH_HIDDEN const char *mh__d_kernel_node_params(const hipKernelNodeParams *params);
MH_HIDDEN const char *mh__d_memset_params(const hipMemsetParams *params);
MH_HIDDEN const char *mh__d_host_node_params(const hipHostNodeParams *params);
MH_HIDDEN const char *mh__d_instantiate_flags(unsigned long long flags);
MH_HIDDEN const char *mh__d_ctx(hipCtx_t ctx);
MH_HIDDEN const char *mh__d_out_ctx(const char *name, const hipCtx_t *out, hipError_t err);
MH_HIDDEN const char *mh__d_prop(const hipMemAllocationProp *prop);
MH_HIDDEN const char *mh__d_location(const hipMemLocation *location);
MH_HIDDEN const char *mh__d_desc(const hipMemAccessDesc *desc, size_t count);
MH_HIDDEN const char *mh__d_out_access(const char *name, const unsigned long long *out,
                                       hipError_t err);
MH_HIDDEN const char *mh__d_handle_type(int type);
MH_HIDDEN const char *mh__d_granularity_option(int option);
MH_HIDDEN const char *mh__d_memcpy_kind(int kind);
MH_HIDDEN const char *mh__d_pointer_attribute(int attribute);
MH_HIDDEN const char *mh__d_attribute(int attr);
MH_HIDDEN const char *mh__d_p2p_attribute(int attr);
MH_HIDDEN const char *mh__d_capture_mode(int mode);
MH_HIDDEN const char *mh__d_os_handle(const void *os_handle);
MH_HIDDEN const char *mh__d_out_fd(const char *name, const void *out, hipError_t err);
MH_HIDDEN const char *mh__d_out_int(const char *name, const int *out, hipError_t err);
MH_HIDDEN const char *mh__d_out_unsigned(const char *name, const unsigned *out, hipError_t err);
MH_HIDDEN const char *mh__d_out_size(const char *name, const size_t *out, hipError_t err);
MH_HIDDEN const char *mh__d_out_bytes(const char *name, const size_t *out, hipError_t err);
/* memory pools: "pool#2"; props by field; an attribute by name; *value as the attribute reads
   it (int or uint64_t); an access out-parameter (hipMemAccessFlags) by name */
MH_HIDDEN const char *mh__d_pool(hipMemPool_t pool);
MH_HIDDEN const char *mh__d_out_pool(const char *name, const hipMemPool_t *out, hipError_t err);
MH_HIDDEN const char *mh__d_pool_props(const hipMemPoolProps *props);
MH_HIDDEN const char *mh__d_pool_attr(int attr);
MH_HIDDEN const char *mh__d_pool_value(int attr, const void *value);
MH_HIDDEN const char *mh__d_out_pool_value(int attr, const void *value, hipError_t err);
MH_HIDDEN const char *mh__d_out_access_flags(const char *name, const hipMemAccessFlags *out,
                                             hipError_t err);

/* Arrays and strided copies: handles as "array#2", descriptions by field. */
MH_HIDDEN const char *mh__d_array(hipArray_const_t array);
MH_HIDDEN const char *mh__d_out_array(const char *name, const hipArray_t *out, hipError_t err);
MH_HIDDEN const char *mh__d_channel_desc(const hipChannelFormatDesc *desc);
MH_HIDDEN const char *mh__d_array_flags(unsigned flags);
MH_HIDDEN const char *mh__d_extent(hipExtent extent);
MH_HIDDEN const char *mh__d_array_desc(const HIP_ARRAY_DESCRIPTOR *desc);
MH_HIDDEN const char *mh__d_array3d_desc(const HIP_ARRAY3D_DESCRIPTOR *desc);
MH_HIDDEN const char *mh__d_pitched(hipPitchedPtr p);
MH_HIDDEN const char *mh__d_out_pitched(const char *name, const hipPitchedPtr *out, hipError_t err);
MH_HIDDEN const char *mh__d_memcpy_2d(const hip_Memcpy2D *copy);
MH_HIDDEN const char *mh__d_memcpy_3d(const hipMemcpy3DParms *copy);
MH_HIDDEN const char *mh__d_drv_memcpy_3d(const HIP_MEMCPY3D *copy);

/* Texture objects as "texture#1", their descriptions by field. */
MH_HIDDEN const char *mh__d_texture(hipTextureObject_t texture);
MH_HIDDEN const char *mh__d_out_texture(const char *name, const hipTextureObject_t *out,
                                        hipError_t err);
MH_HIDDEN const char *mh__d_resource_desc(const hipResourceDesc *desc);
MH_HIDDEN const char *mh__d_texture_desc(const hipTextureDesc *desc);

/* Graph memory: an alloc node's parameters by field, an attribute by name, and its value (a
   uint64_t): "*value=..." going in, "value -> ..." coming out (`out`) after a success. */
MH_HIDDEN const char *mh__d_alloc_node_params(const hipMemAllocNodeParams *params);
MH_HIDDEN const char *mh__d_graph_mem_attr(int attr);
MH_HIDDEN const char *mh__d_graph_mem_value(int attr, const void *value, bool out, hipError_t err);

/* A pointer argument of a call that frees what it points into, decoded before the call (after
   it the region is gone): into out while tracing, else nothing. Call unlocked. */
MH_HIDDEN void mh__d_ptr_early(const void *ptr, char out[MH_DECODED_BYTES]);

/* Teach mode's "what ROCm would do" notes (teach.c): kept during the call and printed after its
   trace line as "mockhip: teach: on ROCm <release>: <text> (docs/hip-vmm-semantics.md <row>)".
   Nothing unless MOCKHIP_TEACH is on. */
MH_HIDDEN void mh__teach_init(bool on);
MH_HIDDEN void mh__teach_note(const char *row, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
MH_HIDDEN void mh__teach_flush(void);
/* The played release as a sentence names it: "ROCm 6.3", or "the newest ROCm", which has no
   release number yet. */
MH_HIDDEN const char *mh__teach_release(char out[32]);

#endif /* MH_TRACE_H */
