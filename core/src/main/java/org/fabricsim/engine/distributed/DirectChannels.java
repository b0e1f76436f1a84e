package org.fabricsim.engine.distributed;

import com.typesafe.config.Config;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.function.Consumer;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * The batches between two LPs on different members, straight over a TCP connection per channel instead of
 * through Artery (docs/DISTRIBUTED.md, "Channels between JVMs"; D190). Artery hands a message from the
 * sending actor to its outbound stream, the stream to the socket's actor, and on the far side from the
 * selector to the inbound stream and on to the actor: about five thread hand-overs each way, 0.2–0.4 ms per
 * round trip on a 2-core machine against 10 µs for a blocking socket. Here the sending LP writes the encoded
 * batch on its own thread, and one reader thread per incoming channel, blocked in {@code read}, hands it to
 * the LP actor: one wake-up by the kernel, one by the mailbox, no thread that spins.
 *
 * <p>Every LP of a cluster run listens on its member's address (any free port, TLS when the member's Artery
 * uses TLS, with the same keys and mutual authentication). LP i connects to LP j when it sends to j and j is
 * on another member, and opens with a greeting that names the run, a token the coordinator handed only to
 * this run's LPs (over Artery) and both ends; anything else that connects is closed without a word, so a
 * stray connection neither crashes a member nor disturbs a run. Frames are a length and an {@link EventBatch}
 * as {@link BatchCodec} lays it out (its arrays copied whole, D192); length 0 says the sender closed the channel on purpose. A channel that breaks
 * otherwise (a member killed mid-run) aborts the run at once.
 */
final class DirectChannels implements AutoCloseable {
    /** The first word of a greeting: "FSDC". */
    private static final int MAGIC = 0x46534443;
    /** The greeting's own bump, should its layout change (the build's version is checked by the coordinator). */
    private static final int GREETING_VERSION = 2; // 2: frames by BatchCodec, no longer Kryo
    /** How long a new connection may take to greet (a stray one is dropped then). */
    private static final int GREETING_TIMEOUT_MS = 10_000;
    /** A frame longer than this is no batch of ours (a batch holds at most 65 536 events, about 5 MB). */
    private static final int MAX_FRAME_BYTES = 256 << 20;
    private static final int BUFFER_BYTES = 64 << 10;

    private final long runId;
    private final int lp;
    private final long token;
    private final SSLContext tls;
    private final Consumer<WireMessage> deliver;
    private final ServerSocket server;
    private final Socket[] outgoing;
    private final DataOutputStream[] out;
    private final Socket[] incoming;
    private final BatchCodec encoder = new BatchCodec();
    private volatile boolean closed;
    private long sent;

    /**
     * Listens for this run's channels into LP {@code lp} on {@code host}; {@code deliver} takes the batches that
     * arrive (on reader threads) and a {@link Messages.ChannelLost} when a channel breaks.
     */
    DirectChannels(long runId, int lp, int parts, long token, String host, SSLContext tls,
            Consumer<WireMessage> deliver) throws IOException {
        this.runId = runId;
        this.lp = lp;
        this.token = token;
        this.tls = tls;
        this.deliver = deliver;
        this.outgoing = new Socket[parts];
        this.out = new DataOutputStream[parts];
        this.incoming = new Socket[parts];
        ServerSocket s = tls == null ? new ServerSocket() : tls.getServerSocketFactory().createServerSocket();
        if (s instanceof SSLServerSocket ssl) {
            ssl.setNeedClientAuth(true);
            ssl.setEnabledProtocols(new String[] {ClusterTls.PROTOCOL});
            ssl.setEnabledCipherSuites(ClusterTls.SUITES.toArray(String[]::new));
        }
        s.bind(new InetSocketAddress(InetAddress.getByName(host), 0), parts);
        this.server = s;
        Thread accept = new Thread(this::acceptLoop, "fabricsim-lp-" + lp + "-channels");
        accept.setDaemon(true);
        accept.start();
    }

    /** Where other LPs reach this one: {@code host:port}. */
    String address() {
        return server.getInetAddress().getHostAddress() + ":" + server.getLocalPort();
    }

    /** Opens the channel to LP {@code to}, listening at {@code hostPort}. */
    void connect(int to, String hostPort) throws IOException {
        int colon = hostPort.lastIndexOf(':');
        Socket s = tls == null ? new Socket() : tls.getSocketFactory().createSocket();
        try {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1))),
                    GREETING_TIMEOUT_MS);
            if (s instanceof SSLSocket ssl) {
                ssl.setEnabledProtocols(new String[] {ClusterTls.PROTOCOL});
                ssl.setEnabledCipherSuites(ClusterTls.SUITES.toArray(String[]::new));
                ssl.startHandshake();
            }
            DataOutputStream o = new DataOutputStream(new BufferedOutputStream(s.getOutputStream(), BUFFER_BYTES));
            o.writeInt(MAGIC);
            o.writeInt(GREETING_VERSION);
            o.writeLong(runId);
            o.writeLong(token);
            o.writeInt(lp);
            o.writeInt(to);
            o.flush();
            outgoing[to] = s;
            out[to] = o;
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** Whether batches to LP {@code to} go over a channel of this class (else as actor messages). */
    boolean connected(int to) {
        return out[to] != null;
    }

    /** Writes {@code b} to its channel; {@link #flush} sends what was written. Called on the LP's thread only. */
    void send(EventBatch b) throws IOException {
        int length = encoder.encode(b);
        DataOutputStream o = out[b.to()];
        o.writeInt(length);
        o.write(encoder.bytes(), 0, length);
        sent++;
    }

    void flush() throws IOException {
        for (DataOutputStream o : out) {
            if (o != null) {
                o.flush();
            }
        }
    }

    /** Batches sent over these channels so far. */
    long batchesSent() {
        return sent;
    }

    /** Says goodbye on every outgoing channel (when {@code orderly}) and closes everything. */
    void close(boolean orderly) {
        closed = true;
        for (int j = 0; j < outgoing.length; j++) {
            if (outgoing[j] != null) {
                try {
                    if (orderly) {
                        out[j].writeInt(0);
                        out[j].flush();
                    }
                } catch (IOException e) {
                    // the far end is gone already; nothing is left to tell it
                }
                quietly(outgoing[j]);
            }
        }
        quietly(server);
        synchronized (incoming) {
            for (Socket s : incoming) {
                if (s != null) {
                    quietly(s);
                }
            }
        }
    }

    @Override
    public void close() {
        close(false);
    }

    private void acceptLoop() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            Thread reader = new Thread(() -> serve(s), "fabricsim-lp-" + lp + "-channel-in");
            reader.setDaemon(true);
            reader.start();
        }
    }

    /** Greets a new connection and, when it is one of this run's channels into this LP, reads its batches. */
    private void serve(Socket s) {
        int from;
        DataInputStream in;
        try {
            s.setSoTimeout(GREETING_TIMEOUT_MS);
            s.setTcpNoDelay(true);
            in = new DataInputStream(new BufferedInputStream(s.getInputStream(), BUFFER_BYTES));
            int magic = in.readInt();
            int version = in.readInt();
            long run = in.readLong();
            long key = in.readLong();
            from = in.readInt();
            int to = in.readInt();
            boolean ours = magic == MAGIC && version == GREETING_VERSION && run == runId && key == token && to == lp
                    && from >= 0 && from < incoming.length && from != lp;
            synchronized (incoming) {
                ours &= !closed && incoming[from] == null;
                if (ours) {
                    incoming[from] = s;
                }
            }
            if (!ours) {
                quietly(s);
                return;
            }
            s.setSoTimeout(0);
        } catch (IOException | RuntimeException e) {
            quietly(s); // a stray or garbled connection: not one of ours
            return;
        }
        byte[] frame = new byte[BUFFER_BYTES];
        try {
            while (true) {
                int length = in.readInt();
                if (length == 0) {
                    return; // the sender closed the channel after the run
                }
                if (length < 0 || length > MAX_FRAME_BYTES) {
                    throw new IOException("a frame of " + length + " bytes");
                }
                if (length > frame.length) {
                    frame = new byte[Math.max(length, 2 * frame.length)];
                }
                in.readFully(frame, 0, length);
                EventBatch b = BatchCodec.decode(frame, length);
                if (b.from() != from || b.to() != lp || b.runId() != runId) {
                    throw new IOException("a message other than a batch from LP " + from + " to LP " + lp);
                }
                deliver.accept(b);
            }
        } catch (IOException | RuntimeException e) {
            if (!closed) {
                deliver.accept(new Messages.ChannelLost(runId, from, lp, e instanceof EOFException
                        ? "the connection closed mid-run" : String.valueOf(e.getMessage())));
            }
        } finally {
            quietly(s);
        }
    }

    private static void quietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    /**
     * The TLS context of a member whose Artery runs over TLS ({@link ClusterTls#artery()}): the same key store,
     * trust store and password; null for plain TCP.
     */
    static SSLContext tls(Config system) {
        if (!system.getString("pekko.remote.artery.transport").equals("tls-tcp")) {
            return null;
        }
        String engine = "pekko.remote.artery.ssl.config-ssl-engine.";
        char[] password = system.getString(engine + "key-store-password").toCharArray();
        try {
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(load(system.getString(engine + "key-store"), password), password);
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(load(system.getString(engine + "trust-store"), password));
            SSLContext context = SSLContext.getInstance(ClusterTls.PROTOCOL);
            context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("the cluster's TLS keys cannot be loaded for the LP channels: " + e, e);
        }
    }

    private static KeyStore load(String file, char[] password) throws IOException, GeneralSecurityException {
        try (InputStream in = java.nio.file.Files.newInputStream(Path.of(file))) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, password);
            return ks;
        }
    }
}
