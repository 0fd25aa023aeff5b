/*
 * texture.h: the texture object registry (texture.c), for hipDeviceReset and for the
 * kernel-side reads (kernel/texture_read.c).
 */
#ifndef MH_RUNTIME_TEXTURE_H
#define MH_RUNTIME_TEXTURE_H

#include "core/core.h"

/* The live texture object a hipTextureObject_t names, or NULL. Under the lock, either kind (a
   kernel's threads read under the launching thread's write lock). */
MH_HIDDEN mh_texture *mh__texture_get(mh_state *state, hipTextureObject_t texture);

/* Destroys every texture object made while device was current (hipDeviceReset); under the
   write lock. */
MH_HIDDEN void mh__textures_reset(mh_state *state, int device);

#endif /* MH_RUNTIME_TEXTURE_H */
