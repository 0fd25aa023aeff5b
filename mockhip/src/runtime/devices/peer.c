/*
 * peer.c: peer access between devices: hipDeviceCanAccessPeer,
 * hipDeviceGetP2PAttribute, hipExtGetLinkTypeAndHopCount,
 * hipDeviceEnablePeerAccess and hipDeviceDisablePeerAccess.
 *
 * Every two distinct devices are peers, linked as by one XGMI hop. Enabling
 * is recorded per (current device, peer) pair for the whole process, with
 * ROCm's answers to enabling twice and disabling what is not enabled, and it
 * changes nothing else: copies between devices work without it (ROCm's
 * hipMemcpyPeer needs none either) and VMM access is hipMemSetAccess's alone.
 * hipDeviceReset leaves it as it is, as ROCm's Device::Reset does.
 */
#include "runtime/devices/devices.h"

/* The link type ROCm reports as hipDevP2PAttrPerformanceRank: HSA_AMD_LINK_INFO_TYPE_XGMI. */
#define LINK_TYPE_XGMI 4

/* clr canAccessPeer: a device is never its own peer, whatever its number, and that is
   decided before the numbers are checked. */
static hipError_t can_access_peer(const mh_state *s, int *can, int device, int peer) {
  if (can == NULL)
    return mh__fail(hipErrorInvalidValue, "canAccessPeer is NULL");
  if (device == peer) {
    *can = 0;
    return hipSuccess;
  }
  if (!mh__valid_device(s, device) || !mh__valid_device(s, peer))
    return mh__fail(hipErrorInvalidDevice, "devices %d and %d must be in 0..%d", device, peer,
                    s->options.devices - 1);
  *can = 1;
  return hipSuccess;
}

MH_EXPORT hipError_t hipDeviceCanAccessPeer(int *can, int device, int peer) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceCanAccessPeer, MH_CALLER, &s);
  if (err == hipSuccess)
    err = can_access_peer(s, can, device, peer);
  return mh__leave(MOCKHIP_CALL_hipDeviceCanAccessPeer, err, "%s, deviceId=%d, peerDeviceId=%d",
                   mh__d_out_int("canAccessPeer", can, err), device, peer);
}

/* clr hipDeviceGetP2PAttribute's order: value, then the two devices (the same one twice, or
   one past the last), then the attribute, then negative devices. */
static hipError_t p2p_attribute(const mh_state *s, int *value, int attr, int src, int dst) {
  if (value == NULL)
    return mh__fail(hipErrorInvalidValue, "value is NULL");
  if (src == dst || src >= s->options.devices || dst >= s->options.devices)
    return mh__fail(hipErrorInvalidDevice,
                    "srcDevice %d and dstDevice %d must differ and be in "
                    "0..%d",
                    src, dst, s->options.devices - 1);
  int answer;
  switch (attr) {
  case hipDevP2PAttrPerformanceRank: answer = LINK_TYPE_XGMI; break;
  case hipDevP2PAttrNativeAtomicSupported: answer = 1; break;
  case hipDevP2PAttrAccessSupported:
  case hipDevP2PAttrHipArrayAccessSupported: answer = 1; break; /* one architecture everywhere */
  default: return mh__fail(hipErrorInvalidValue, "attr %d is not a hipDeviceP2PAttr", attr);
  }
  if (src < 0 || dst < 0)
    return mh__fail(hipErrorInvalidDevice, "srcDevice %d and dstDevice %d must be in 0..%d", src,
                    dst, s->options.devices - 1);
  *value = answer;
  return hipSuccess;
}

MH_EXPORT hipError_t hipDeviceGetP2PAttribute(int *value, hipDeviceP2PAttr attr, int src, int dst) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGetP2PAttribute, MH_CALLER, &s);
  if (err == hipSuccess)
    err = p2p_attribute(s, value, (int)attr, src, dst);
  return mh__leave(MOCKHIP_CALL_hipDeviceGetP2PAttribute, err,
                   "%s, attr=%s, srcDevice=%d, dstDevice=%d", mh__d_out_int("value", value, err),
                   mh__d_p2p_attribute((int)attr), src, dst);
}

/* clr hip_peer.cpp hipExtGetLinkTypeAndHopCount: NULL outputs, one device twice and negative
   numbers are InvalidValue, checked first; then findLinkInfo's numbers past the last are
   InvalidDevice. The link is the one XGMI hop every two devices share here. */
static hipError_t link_type_and_hops(const mh_state *s, int device1, int device2,
                                     uint32_t *link_type, uint32_t *hop_count) {
  if (link_type == NULL || hop_count == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    link_type == NULL ? "linktype" : "hopcount");
  if (device1 == device2)
    return mh__fail(hipErrorInvalidValue,
                    "device1 and device2 are both %d: a device has no "
                    "link to itself",
                    device1);
  if (device1 < 0 || device2 < 0)
    return mh__fail(hipErrorInvalidValue, "device %d is negative", device1 < 0 ? device1 : device2);
  if (!mh__valid_device(s, device1) || !mh__valid_device(s, device2))
    return mh__fail(hipErrorInvalidDevice, "devices %d and %d must be in 0..%d", device1, device2,
                    s->options.devices - 1);
  *link_type = LINK_TYPE_XGMI;
  *hop_count = 1;
  return hipSuccess;
}

MH_EXPORT hipError_t hipExtGetLinkTypeAndHopCount(int device1, int device2, uint32_t *linktype,
                                                  uint32_t *hopcount) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipExtGetLinkTypeAndHopCount, MH_CALLER, &s);
  if (err == hipSuccess)
    err = link_type_and_hops(s, device1, device2, linktype, hopcount);
  return mh__leave(MOCKHIP_CALL_hipExtGetLinkTypeAndHopCount, err, "device1=%d, device2=%d, %s, %s",
                   device1, device2, mh__d_out_unsigned("linktype", linktype, err),
                   mh__d_out_unsigned("hopcount", hopcount, err));
}

/* clr hipDeviceEnablePeerAccess / hipDeviceDisablePeerAccess: a peer the current device cannot
   access (itself, a bad number) is hipErrorInvalidDevice. */
static hipError_t check_peer(const mh_state *s, int device, int peer) {
  int can = 0;
  if (can_access_peer(s, &can, device, peer) != hipSuccess || can == 0)
    return mh__fail(hipErrorInvalidDevice,
                    "device %d cannot access peerDeviceId %d (peers are "
                    "the other devices of 0..%d)",
                    device, peer, s->options.devices - 1);
  return hipSuccess;
}

static hipError_t enable_peer(mh_state *s, int peer, unsigned flags) {
  if (flags != 0)
    return mh__fail(hipErrorInvalidValue, "flags must be 0, got %u", flags);
  int device = mh__current_device();
  hipError_t err = check_peer(s, device, peer);
  if (err != hipSuccess)
    return err;
  uint64_t bit = 1ULL << peer;
  if (s->peer_enabled[device] & bit)
    return mh__fail(hipErrorPeerAccessAlreadyEnabled,
                    "device %d already has peer access to device %d", device, peer);
  s->peer_enabled[device] |= bit;
  return hipSuccess;
}

MH_EXPORT hipError_t hipDeviceEnablePeerAccess(int peer, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceEnablePeerAccess, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = enable_peer(s, peer, flags);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceEnablePeerAccess, err, "peerDeviceId=%d, flags=%u", peer,
                   flags);
}

static hipError_t disable_peer(mh_state *s, int peer) {
  int device = mh__current_device();
  /* HIP on NVIDIA: the device itself is a peer whose access was never enabled, as
     cudaDeviceDisablePeerAccess answers (peer_disable_self). */
  if (peer == device && !mh__profile_is(MH_ROW_peer_disable_self, MH_CELL_InvalidDevice))
    return mh__profile_fail(MH_ROW_peer_disable_self,
                            "device %d has not enabled peer access to itself", device);
  hipError_t err = check_peer(s, device, peer);
  if (err != hipSuccess)
    return err;
  uint64_t bit = 1ULL << peer;
  if (!(s->peer_enabled[device] & bit))
    return mh__fail(hipErrorPeerAccessNotEnabled,
                    "device %d has not enabled peer access to device %d", device, peer);
  s->peer_enabled[device] &= ~bit;
  return hipSuccess;
}

MH_EXPORT hipError_t hipDeviceDisablePeerAccess(int peer) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceDisablePeerAccess, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = disable_peer(s, peer);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceDisablePeerAccess, err, "peerDeviceId=%d", peer);
}
