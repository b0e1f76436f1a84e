package org.fabricsim.engine.distributed;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;

/**
 * One direct channel's connection as its LP's thread reads and writes it without blocking (D203): plain TCP, or
 * TLS 1.3 through an {@link SSLEngine} over the same socket (the JDK's TLS sockets only block). Bytes in and out
 * are the channel's plaintext; a TLS wire keeps the records it has read or made but not yet passed on.
 */
class Wire {
    final SocketChannel channel;

    private Wire(SocketChannel channel) {
        this.channel = channel;
    }

    /** A plain TCP connection. */
    static Wire plain(SocketChannel channel) {
        return new Wire(channel);
    }

    /**
     * A TLS connection over {@code channel}, in blocking mode now: the handshake runs here (mutual
     * authentication), each read waiting at most {@code timeoutMs}. The channel may go non-blocking after.
     */
    static Wire tls(SSLContext context, SocketChannel channel, boolean client, int timeoutMs) throws IOException {
        SSLEngine engine = context.createSSLEngine();
        engine.setUseClientMode(client);
        if (!client) {
            engine.setNeedClientAuth(true);
        }
        engine.setEnabledProtocols(new String[] {ClusterTls.PROTOCOL});
        engine.setEnabledCipherSuites(ClusterTls.SUITES.toArray(String[]::new));
        Tls w = new Tls(channel, engine);
        channel.socket().setSoTimeout(timeoutMs);
        w.handshake(channel.socket().getInputStream());
        return w;
    }

    /** Reads into {@code app} what has arrived, without blocking (in non-blocking mode); -1 at the end. */
    int read(ByteBuffer app) throws IOException {
        return channel.read(app);
    }

    /**
     * Reads into {@code app}, in blocking mode, until it holds {@code n} bytes or {@code in} (the socket's
     * stream, whose reads time out) ends.
     */
    void readFully(ByteBuffer app, int n, InputStream in) throws IOException {
        byte[] chunk = new byte[n];
        while (app.position() < n) {
            int got = in.read(chunk, 0, n - app.position());
            if (got < 0) {
                throw new EOFException();
            }
            app.put(chunk, 0, got);
        }
    }

    /** Whether it holds what it has read but not yet handed on (then read again before waiting). */
    boolean buffered() {
        return false;
    }

    /** The room a read needs in its buffer to make progress. */
    int room() {
        return 1;
    }

    /** Writes what it can of {@code plain}; whether nothing is left waiting, in {@code plain} or here. */
    boolean write(ByteBuffer plain) throws IOException {
        channel.write(plain);
        return !plain.hasRemaining();
    }

    /** Says goodbye at the transport's level (TLS's close_notify), in blocking mode; best effort. */
    void closeOutbound() {
    }

    /** TLS 1.3 through an {@link SSLEngine}: records in {@code netIn} and {@code netOut} until passed on. */
    private static final class Tls extends Wire {
        private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);
        private final SSLEngine engine;
        private ByteBuffer netIn;
        private ByteBuffer netOut;
        private boolean more;

        Tls(SocketChannel channel, SSLEngine engine) {
            super(channel);
            this.engine = engine;
            int packet = engine.getSession().getPacketBufferSize();
            this.netIn = ByteBuffer.allocate(packet);
            this.netOut = ByteBuffer.allocate(packet);
        }

        void handshake(InputStream in) throws IOException {
            engine.beginHandshake();
            ByteBuffer app = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
            byte[] chunk = new byte[netIn.capacity()];
            while (true) {
                switch (engine.getHandshakeStatus()) {
                    case NEED_TASK -> runTasks();
                    case NEED_WRAP -> {
                        engine.wrap(NOTHING, netOut);
                        drainBlocking();
                    }
                    case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                        netIn.flip();
                        SSLEngineResult r = engine.unwrap(netIn, app);
                        netIn.compact();
                        if (r.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW) {
                            growIn();
                            int got = in.read(chunk, 0, Math.min(chunk.length, netIn.remaining()));
                            if (got < 0) {
                                throw new EOFException();
                            }
                            netIn.put(chunk, 0, got);
                        } else if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
                            throw new SSLException("the far end closed during the handshake");
                        }
                    }
                    default -> {
                        if (app.position() > 0) {
                            throw new SSLException("data before the handshake finished");
                        }
                        return;
                    }
                }
            }
        }

        @Override
        void readFully(ByteBuffer app, int n, InputStream in) throws IOException {
            byte[] chunk = new byte[netIn.capacity()];
            while (app.position() < n) {
                int before = app.position();
                unwrapAll(app);
                if (app.position() == before && app.position() < n) {
                    growIn();
                    int got = in.read(chunk, 0, Math.min(chunk.length, netIn.remaining()));
                    if (got < 0) {
                        throw new EOFException();
                    }
                    netIn.put(chunk, 0, got);
                }
            }
        }

        @Override
        int read(ByteBuffer app) throws IOException {
            int got = more ? 0 : channel.read(netIn);
            int produced = unwrapAll(app);
            if (produced == 0 && (got < 0 || engine.isInboundDone())) {
                return -1;
            }
            return produced;
        }

        /** Unwraps every whole record of {@code netIn} that {@code app} has room for; the bytes produced. */
        private int unwrapAll(ByteBuffer app) throws IOException {
            int produced = 0;
            more = false;
            netIn.flip();
            try {
                while (netIn.hasRemaining()) {
                    SSLEngineResult r = engine.unwrap(netIn, app);
                    produced += r.bytesProduced();
                    if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK) {
                        runTasks();
                    }
                    if (r.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
                        more = true; // the caller makes room and reads again before waiting on the socket
                        break;
                    }
                    if (r.getStatus() != SSLEngineResult.Status.OK
                            || r.bytesConsumed() == 0 && r.bytesProduced() == 0) {
                        break; // a partial record (underflow) or the far end's close_notify
                    }
                }
            } finally {
                netIn.compact();
            }
            return produced;
        }

        @Override
        boolean buffered() {
            return more;
        }

        @Override
        int room() {
            return engine.getSession().getApplicationBufferSize();
        }

        @Override
        boolean write(ByteBuffer plain) throws IOException {
            while (true) {
                netOut.flip();
                channel.write(netOut);
                boolean drained = !netOut.hasRemaining();
                netOut.compact();
                if (!drained || !plain.hasRemaining()) {
                    return drained && !plain.hasRemaining();
                }
                SSLEngineResult r = engine.wrap(plain, netOut);
                if (r.getStatus() != SSLEngineResult.Status.OK) {
                    throw new SSLException("cannot encrypt a batch: " + r.getStatus());
                }
            }
        }

        @Override
        void closeOutbound() {
            try {
                engine.closeOutbound();
                while (!engine.isOutboundDone()) {
                    engine.wrap(NOTHING, netOut);
                    drainBlocking();
                }
            } catch (IOException e) {
                // the far end is gone already
            }
        }

        private void drainBlocking() throws IOException {
            netOut.flip();
            while (netOut.hasRemaining()) {
                channel.write(netOut);
            }
            netOut.compact();
        }

        private void growIn() {
            if (!netIn.hasRemaining()) {
                netIn = ByteBuffer.allocate(2 * netIn.capacity()).put(netIn.flip());
            }
        }

        private void runTasks() {
            for (Runnable t; (t = engine.getDelegatedTask()) != null; ) {
                t.run();
            }
        }
    }
}
