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
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
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
 * batch on its own thread.
 *
 * <p>Receiving, over plain TCP the LP's own thread waits for its channels ({@link #poll}, D203): the kernel
 * wakes the thread that runs the LP, once, as a message between two LPs of one JVM does. A reader thread per
 * channel handing batches to the LP (as over TLS, whose JDK sockets only block) costs a second wake-up, and on
 * a machine whose cores are all running LPs the reader has to wait for one of them first: 2 LPs in 2 JVMs took
 * 1.33 times as long as in one JVM that way on tree4096, the batches' mean latency 0.54 ms against 0.24. Writes
 * over plain TCP never block: while a channel's socket is full the LP reads its own, so two LPs writing large
 * batches to each other cannot wait on each other.
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
    /** Plain TCP: what a channel holds unwritten before {@link #send} writes it out (a larger frame still fits). */
    private static final int PENDING_BYTES = 1 << 20;

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

    /** Plain TCP: the channels this LP's thread polls (null over TLS, where reader threads deliver). */
    private final Selector selector;
    /** Plain TCP: channels greeted by the accept thread, for the LP's thread to register. */
    private final ConcurrentLinkedQueue<Inbound> greeted = new ConcurrentLinkedQueue<>();
    /** Plain TCP: each outgoing channel's bytes not yet written. */
    private final SocketChannel[] outChannels;
    private final ByteBuffer[] pending;
    /** Plain TCP: what arrived while a write waited, for the next {@link #poll}. */
    private final List<WireMessage> held = new ArrayList<>();
    /** Whether the LP's thread waits in {@link #poll} now (then a message to the LP wakes it). */
    private volatile boolean waiting;
    /** The LP actor's mailbox, whose messages end a wait in {@link #poll} (null: only the channels do). */
    private volatile WakingMailbox.Queue mailbox;

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
        this.outChannels = new SocketChannel[parts];
        this.pending = new ByteBuffer[parts];
        this.selector = tls == null ? Selector.open() : null;
        ServerSocket s = tls == null ? ServerSocketChannel.open().socket()
                : tls.getServerSocketFactory().createServerSocket();
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
        SocketChannel channel = tls == null ? SocketChannel.open() : null;
        Socket s = tls == null ? channel.socket() : tls.getSocketFactory().createSocket();
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
            if (channel == null) {
                out[to] = o;
            } else { // from now on written without blocking (flush)
                channel.configureBlocking(false);
                outChannels[to] = channel;
                pending[to] = ByteBuffer.allocateDirect(BUFFER_BYTES);
            }
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** Whether batches to LP {@code to} go over a channel of this class (else as actor messages). */
    boolean connected(int to) {
        return out[to] != null || outChannels[to] != null;
    }

    /** Writes {@code b} to its channel; {@link #flush} sends what was written. Called on the LP's thread only. */
    void send(EventBatch b) throws IOException {
        int length = encoder.encode(b);
        int to = b.to();
        if (outChannels[to] != null) {
            if (pending[to].position() > 0 && pending[to].position() + Integer.BYTES + length > PENDING_BYTES) {
                flush(); // a step's many batches go out as they come rather than pile up in memory
            }
            ByteBuffer p = pending[to];
            if (p.remaining() < Integer.BYTES + length) {
                ByteBuffer bigger = ByteBuffer.allocateDirect(Math.max(2 * p.capacity(),
                        p.position() + Integer.BYTES + length));
                pending[to] = bigger.put(p.flip());
                p = bigger;
            }
            p.putInt(length).put(encoder.bytes(), 0, length);
        } else {
            DataOutputStream o = out[to];
            o.writeInt(length);
            o.write(encoder.bytes(), 0, length);
        }
        sent++;
    }

    /**
     * Sends what {@link #send} wrote. Over plain TCP a socket that is full is waited for while this LP's own
     * channels are read (what arrives is held for the next {@link #poll}): two LPs each writing more than the
     * sockets hold to the other would otherwise wait for each other forever.
     */
    void flush() throws IOException {
        for (DataOutputStream o : out) {
            if (o != null) {
                o.flush();
            }
        }
        if (selector == null) {
            return;
        }
        boolean full = false;
        for (int j = 0; j < outChannels.length; j++) {
            if (outChannels[j] != null && pending[j].position() > 0) {
                full |= !write(j);
            }
        }
        while (full) {
            full = false;
            for (int j = 0; j < outChannels.length; j++) {
                if (outChannels[j] != null && pending[j].position() > 0) {
                    outChannels[j].register(selector, SelectionKey.OP_WRITE, j);
                    full = true;
                }
            }
            if (full) {
                select(-1, false, held::add); // the mailbox can wait, the socket cannot
                for (int j = 0; j < outChannels.length; j++) {
                    if (outChannels[j] != null && pending[j].position() > 0 && write(j)) {
                        outChannels[j].keyFor(selector).interestOps(0);
                    }
                }
            }
        }
    }

    /** Writes what it can of channel {@code j}'s pending bytes; whether all went. */
    private boolean write(int j) throws IOException {
        ByteBuffer p = pending[j].flip();
        outChannels[j].write(p);
        boolean all = !p.hasRemaining();
        p.compact();
        return all;
    }

    /** Plain TCP: the bytes the channel to LP {@code to} can hold unwritten now (its buffer's size). */
    int pendingCapacity(int to) {
        return pending[to].capacity();
    }

    /** Whether this LP's thread reads its channels itself ({@link #poll}); else reader threads deliver them. */
    boolean polled() {
        return selector != null;
    }

    /**
     * Plain TCP, on the LP's thread: waits for batches on this LP's channels, at most {@code timeoutMillis}
     * (0: not at all; negative: until one comes or a message reaches the LP's mailbox, {@link #watch}), and
     * hands {@code sink} those that arrived, in order per channel, and a {@link Messages.ChannelLost} for a
     * channel that broke. Returns how many it handed.
     */
    int poll(long timeoutMillis, Consumer<WireMessage> sink) throws IOException {
        int n = held.size();
        if (n > 0) {
            held.forEach(sink);
            held.clear();
            timeoutMillis = 0;
        }
        return n + select(timeoutMillis, true, sink);
    }

    /** Lets a message to the LP's {@code mailbox} end a wait in {@link #poll}. */
    void watch(WakingMailbox.Queue mailbox) {
        this.mailbox = mailbox;
        mailbox.wakes(this);
    }

    /** Ends a wait in {@link #poll} (called by the mailbox after a message is queued). */
    void wakeup() {
        if (waiting) {
            selector.wakeup();
        }
    }

    /**
     * One select: reads every channel that is ready; a negative timeout waits until one is (or, when
     * {@code mailboxEnds}, a message for the LP is queued).
     */
    private int select(long timeoutMillis, boolean mailboxEnds, Consumer<WireMessage> sink) throws IOException {
        for (Inbound in; (in = greeted.poll()) != null; ) {
            in.channel.register(selector, SelectionKey.OP_READ, in);
        }
        if (timeoutMillis == 0) {
            selector.selectNow();
        } else if (!mailboxEnds) {
            selector.select(Math.max(0, timeoutMillis));
        } else {
            waiting = true; // then look at the mailbox: a message queued meanwhile sees the flag and wakes it
            try {
                WakingMailbox.Queue m = mailbox;
                if (m != null && m.hasMessages()) {
                    selector.selectNow();
                } else {
                    selector.select(Math.max(0, timeoutMillis));
                }
            } finally {
                waiting = false;
            }
        }
        int n = 0;
        for (Iterator<SelectionKey> it = selector.selectedKeys().iterator(); !closed && it.hasNext(); ) {
            SelectionKey k = it.next();
            it.remove();
            if (k.attachment() instanceof Inbound in && k.isValid() && k.isReadable()) {
                n += in.read(sink);
            }
        }
        return n;
    }

    /** A channel into this LP over plain TCP, read by the LP's thread: its bytes until they make a frame. */
    private final class Inbound {
        final int from;
        final SocketChannel channel;
        ByteBuffer bytes = ByteBuffer.allocate(BUFFER_BYTES); // big-endian, as DataOutputStream writes lengths

        Inbound(int from, SocketChannel channel) {
            this.from = from;
            this.channel = channel;
        }

        /** Reads what the socket holds and hands on every whole frame; the count handed. */
        int read(Consumer<WireMessage> sink) {
            int n = 0;
            try {
                int got = channel.read(bytes);
                bytes.flip();
                while (bytes.remaining() >= Integer.BYTES) {
                    int length = bytes.getInt(bytes.position());
                    if (length == 0) {
                        quietly(channel); // the sender closed the channel after the run
                        return n;
                    }
                    if (length < 0 || length > MAX_FRAME_BYTES) {
                        throw new IOException("a frame of " + length + " bytes");
                    }
                    if (bytes.remaining() < Integer.BYTES + length) {
                        if (bytes.capacity() < Integer.BYTES + length) {
                            bytes = ByteBuffer.allocate(Math.max(Integer.BYTES + length, 2 * bytes.capacity()))
                                    .put(bytes);
                            bytes.flip();
                        }
                        break;
                    }
                    EventBatch b = BatchCodec.decode(bytes.array(), bytes.position() + Integer.BYTES, length);
                    bytes.position(bytes.position() + Integer.BYTES + length);
                    if (b.from() != from || b.to() != lp || b.runId() != runId) {
                        throw new IOException("a message other than a batch from LP " + from + " to LP " + lp);
                    }
                    sink.accept(b);
                    n++;
                    if (closed) {
                        return n; // what it handed ended the run
                    }
                }
                bytes.compact();
                if (got < 0) {
                    throw new EOFException();
                }
            } catch (IOException | RuntimeException e) {
                quietly(channel);
                if (!closed) {
                    sink.accept(lost(from, e));
                    n++;
                }
            }
            return n;
        }
    }

    private Messages.ChannelLost lost(int from, Exception e) {
        return new Messages.ChannelLost(runId, from, lp, e instanceof EOFException
                ? "the connection closed mid-run" : String.valueOf(e.getMessage()));
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
                    if (orderly && out[j] != null) {
                        out[j].writeInt(0);
                        out[j].flush();
                    } else if (orderly && outChannels[j].isOpen()) {
                        // the last words, after everything pending, blocking: a channel that once waited for room
                        // is registered with the selector and must leave it first
                        SelectionKey k = outChannels[j].keyFor(selector);
                        if (k != null) {
                            k.cancel();
                            selector.selectNow();
                        }
                        outChannels[j].configureBlocking(true);
                        write(j);
                        outChannels[j].write(ByteBuffer.allocate(Integer.BYTES));
                    }
                } catch (IOException | RuntimeException e) {
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
        if (selector != null) {
            quietly(selector);
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
                s = selector == null ? server.accept() : server.getChannel().accept().socket();
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
            // polled: unbuffered, so that no byte after the greeting is read here
            in = new DataInputStream(selector == null ? new BufferedInputStream(s.getInputStream(), BUFFER_BYTES)
                    : s.getInputStream());
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
            if (selector != null) { // the LP's thread reads it from now on
                s.getChannel().configureBlocking(false);
                greeted.add(new Inbound(from, s.getChannel()));
                selector.wakeup();
                return;
            }
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
                deliver.accept(lost(from, e));
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
