import type { NetworkPath } from './path.ts'

/** An RTCPeerConnection with ICE servers sent STUN over UDP, looked the STUN host up, and was not reported. */
export const path: NetworkPath = {
  title: 'WebRTC with STUN and TURN servers',
  route: 'paths/webrtc',
  head: ({ tcp, udp }) => `<script>
const connection = new RTCPeerConnection({ iceServers: [
  { urls: 'stun:127.0.0.1:${udp}' },
  { urls: ['stun:stun.example.org:3478', 'stun:192.0.2.7:3478'] },
  { urls: 'turn:127.0.0.1:${tcp}?transport=tcp', username: 'user', credential: 'secret' }
] });
connection.createDataChannel('probe');
connection.createOffer().then((offer) => connection.setLocalDescription(offer));
</script>`,
  reported: ({ tcp, udp }) => ({
    origins: [
      [`stun:127.0.0.1:${udp}`, 'WebRTC'],
      ['stun:stun.example.org:3478', 'WebRTC'],
      ['stun:192.0.2.7:3478', 'WebRTC'],
      [`turn:127.0.0.1:${tcp}`, 'WebRTC']
    ]
  })
}
