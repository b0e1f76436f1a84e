package org.fabricsim.engine.distributed;

import com.typesafe.config.Config;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The batches between two LPs on different members, straight over a TCP connection per channel instead of
 * through Artery (docs/DISTRIBUTED.md, "Channels between JVMs"; D190). Artery hands a message from the
 * sending actor to its outbound stream, the stream to the socket's actor, and on the far side from the
 * selector to the inbound stream and on to the actor: about five thread hand-overs each way, 0.2–0.4 ms per
 * round trip on a 2-core machine against 10 µs for a blocking socket. Here the sending LP writes the encoded
 * batch on its own thread, and the receiving LP's own thread reads it ({@link #poll}, D203): the kernel wakes
 * the thread that runs the LP, once, as a message between two LPs of one JVM does. A reader thread per channel
 * handing batches to the LP cost a second wake-up, and on a machine whose cores all run LPs the reader first
 * waited for one of them: 2 LPs in 2 JVMs took 1.33 times as long as in one JVM that way on tree4096, the
 * batches' mean latency 0.54 ms against 0.24. Writes never block: while a channel's socket is full the LP
 * reads its own, so two LPs writing large batches to each other cannot wait on each other.
 *
 * <p>Every LP of a cluster run listens on its member's address (any free port, TLS 1.3 through an
 * {@link javax.net.ssl.SSLEngine} when the member's Artery uses TLS, with the same keys and mutual
 * authentication; {@link Wire}). LP i connects to LP j when it sends to j and j is on another member, and opens
 * with a greeting that names the run, a token the coordinator handed only to this run's LPs (over Artery) and
 * both ends; anything else that connects is closed without a word, so a stray connection neither crashes a
 * member nor disturbs a run. Frames are a length and an {@link EventBatch} as {@link BatchCodec} lays it out
 * (its arrays copied whole, D192); length 0 says the sender closed the channel on purpose. A channel that
 * breaks otherwise (a member killed mid-run) aborts the run at once.
 */
final class DirectChannels implements AutoCloseable {
    /** The first word of a greeting: "FSDC". */
    private static final int MAGIC = 0x46534443;
    /** The greeting's own bump, should its layout change (the build's version is checked by the coordinator). */
    private static final int GREETING_VERSION = 3; // 2: frames by BatchCodec; 3: TLS through an SSLEngine
    private static final int GREETING_BYTES = 4 * Integer.BYTES + 2 * Long.BYTES;
    /** How long a new connection may take to greet (a stray one is dropped then). */
    private static final int GREETING_TIMEOUT_MS = 10_000;
    /** A frame longer than this is no batch of ours (a batch holds at most 65 536 events, about 5 MB). */
    private static final int MAX_FRAME_BYTES = 256 << 20;
    private static final int BUFFER_BYTES = 64 << 10;
    /** What a channel holds unwritten before {@link #send} writes it out (a larger frame still fits). */
    private static final int PENDING_BYTES = 1 << 20;

    private final long runId;
    private final int lp;
    private final long token;
    private final SSLContext tls;
    private final ServerSocketChannel server;
    private final BatchCodec encoder = new BatchCodec();
    private volatile boolean closed;
    private long sent;

    /** The channels this LP's thread polls. */
    private final Selector selector;
    /** Channels greeted by the accept thread, for the LP's thread to register. */
    private final ConcurrentLinkedQueue<Inbound> greeted = new ConcurrentLinkedQueue<>();
    /** Every connection into this LP not refused yet (closed with it); guards {@link #connectedFrom}. */
    private final List<SocketChannel> incoming = new ArrayList<>();
    /** The LPs whose channel into this one is open: a second greeting from one is refused. */
    private final boolean[] connectedFrom;
    /** Each outgoing channel, its bytes not yet written, and whether its wire still holds some. */
    private final Wire[] out;
    private final ByteBuffer[] pending;
    private final boolean[] unsent;
    /** What arrived while a write waited, for the next {@link #poll}. */
    private final List<WireMessage> held = new ArrayList<>();
    /** Whether the LP's thread waits in {@link #poll} now (then a message to the LP wakes it). */
    private volatile boolean waiting;
    /** The LP actor's mailbox, whose messages end a wait in {@link #poll} (null: only the channels do). */
    private volatile WakingMailbox.Queue mailbox;

    /** Listens for this run's channels into LP {@code lp} on {@code host}, over TLS with {@code tls} (else null). */
    DirectChannels(long runId, int lp, int parts, long token, String host, SSLContext tls) throws IOException {
        this.runId = runId;
        this.lp = lp;
        this.token = token;
        this.tls = tls;
        this.out = new Wire[parts];
        this.pending = new ByteBuffer[parts];
        this.unsent = new boolean[parts];
        this.connectedFrom = new boolean[parts];
        this.selector = Selector.open();
        this.server = ServerSocketChannel.open();
        server.bind(new InetSocketAddress(InetAddress.getByName(host), 0), parts);
        Thread accept = new Thread(this::acceptLoop, "fabricsim-lp-" + lp + "-channels");
        accept.setDaemon(true);
        accept.start();
    }

    /** Where other LPs reach this one: {@code host:port}. */
    String address() {
        InetSocketAddress a = (InetSocketAddress) server.socket().getLocalSocketAddress();
        return a.getAddress().getHostAddress() + ":" + a.getPort();
    }

    /** Opens the channel to LP {@code to}, listening at {@code hostPort}. */
    void connect(int to, String hostPort) throws IOException {
        int colon = hostPort.lastIndexOf(':');
        SocketChannel channel = SocketChannel.open();
        try {
            channel.socket().setTcpNoDelay(true);
            channel.socket().connect(new InetSocketAddress(hostPort.substring(0, colon),
                    Integer.parseInt(hostPort.substring(colon + 1))), GREETING_TIMEOUT_MS);
            Wire wire = tls == null ? Wire.plain(channel) : Wire.tls(tls, channel, true, GREETING_TIMEOUT_MS);
            ByteBuffer greeting = ByteBuffer.allocate(GREETING_BYTES).putInt(MAGIC).putInt(GREETING_VERSION)
                    .putLong(runId).putLong(token).putInt(lp).putInt(to).flip();
            while (!wire.write(greeting)) {
                // blocking mode: each write goes whole
            }
            channel.configureBlocking(false); // from now on written without blocking (flush)
            out[to] = wire;
            pending[to] = ByteBuffer.allocateDirect(BUFFER_BYTES);
        } catch (IOException | RuntimeException e) {
            channel.close();
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
        int to = b.to();
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
        sent++;
    }

    /**
     * Sends what {@link #send} wrote. A socket that is full is waited for while this LP's own channels are read
     * (what arrives is held for the next {@link #poll}): two LPs each writing more than the sockets hold to the
     * other would otherwise wait for each other forever.
     */
    void flush() throws IOException {
        boolean full = false;
        for (int j = 0; j < out.length; j++) {
            if (out[j] != null && (pending[j].position() > 0 || unsent[j])) {
                full |= unsent[j] = !write(j);
            }
        }
        while (full) {
            for (int j = 0; j < out.length; j++) {
                if (unsent[j]) {
                    out[j].channel.register(selector, SelectionKey.OP_WRITE, j);
                }
            }
            select(-1, false, held::add); // the mailbox can wait, the socket cannot
            full = false;
            for (int j = 0; j < out.length; j++) {
                if (unsent[j]) {
                    unsent[j] = !write(j);
                    if (!unsent[j]) {
                        out[j].channel.keyFor(selector).interestOps(0);
                    }
                    full |= unsent[j];
                }
            }
        }
    }

    /** Writes what it can of channel {@code j}'s pending bytes; whether all went. */
    private boolean write(int j) throws IOException {
        ByteBuffer p = pending[j].flip();
        boolean all = out[j].write(p);
        p.compact();
        return all;
    }

    /** The bytes the channel to LP {@code to} can hold unwritten now (its buffer's size). */
    int pendingCapacity(int to) {
        return pending[to].capacity();
    }

    /** Batches sent over these channels so far. */
    long batchesSent() {
        return sent;
    }

    /**
     * On the LP's thread: waits for batches on this LP's channels, at most {@code timeoutMillis} (0: not at all;
     * negative: until one comes or a message reaches the LP's mailbox, {@link #watch}), and hands {@code sink}
     * those that arrived, in order per channel, and a {@link Messages.ChannelLost} for a channel that broke.
     * Returns how many it handed.
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
        int n = 0;
        for (Inbound in; (in = greeted.poll()) != null; ) {
            in.wire.channel.register(selector, SelectionKey.OP_READ, in);
            n += in.read(sink); // what came with the greeting, which the socket will not announce again
        }
        if (timeoutMillis == 0 || n > 0) { // what was handed on already is this poll's news: no waiting
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
        for (Iterator<SelectionKey> it = selector.selectedKeys().iterator(); !closed && it.hasNext(); ) {
            SelectionKey k = it.next();
            it.remove();
            if (k.attachment() instanceof Inbound in && k.isValid() && k.isReadable()) {
                n += in.read(sink);
            }
        }
        return n;
    }

    /** A channel into this LP, read by the LP's thread: its plaintext until it makes a frame. */
    private final class Inbound {
        final int from;
        final Wire wire;
        ByteBuffer bytes; // big-endian lengths, as the greeting's; write mode

        Inbound(int from, Wire wire, ByteBuffer bytes) {
            this.from = from;
            this.wire = wire;
            this.bytes = bytes;
        }

        /** Reads what the socket holds and hands on every whole frame; the count handed. */
        int read(Consumer<WireMessage> sink) {
            int n = 0;
            try {
                int got;
                do {
                    makeRoom(wire.room());
                    got = wire.read(bytes);
                    bytes.flip();
                    int waiting = 0; // the bytes of a frame not yet whole
                    while (bytes.remaining() >= Integer.BYTES) {
                        int length = bytes.getInt(bytes.position());
                        if (length == 0) {
                            quietly(wire.channel); // the sender closed the channel after the run
                            return n;
                        }
                        if (length < 0 || length > MAX_FRAME_BYTES) {
                            throw new IOException("a frame of " + length + " bytes");
                        }
                        if (bytes.remaining() < Integer.BYTES + length) {
                            waiting = Integer.BYTES + length;
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
                    makeRoom(waiting - bytes.position()); // the waiting frame will fit whole
                } while (got >= 0 && wire.buffered());
                if (got < 0) {
                    throw new EOFException();
                }
            } catch (IOException | RuntimeException e) {
                quietly(wire.channel);
                if (!closed) {
                    sink.accept(lost(from, e));
                    n++;
                }
            }
            return n;
        }

        /** Grows {@code bytes} (in write mode) to leave at least {@code free} bytes after what it holds. */
        private void makeRoom(int free) {
            if (bytes.remaining() < free) {
                bytes = ByteBuffer.allocate(Math.max(2 * bytes.capacity(), bytes.position() + free)).put(bytes.flip());
            }
        }
    }

    private Messages.ChannelLost lost(int from, Exception e) {
        return new Messages.ChannelLost(runId, from, lp, e instanceof EOFException
                ? "the connection closed mid-run" : String.valueOf(e.getMessage()));
    }

    /** Says goodbye on every outgoing channel (when {@code orderly}) and closes everything. */
    void close(boolean orderly) {
        closed = true;
        for (int j = 0; j < out.length; j++) {
            if (out[j] == null) {
                continue;
            }
            try {
                if (orderly && out[j].channel.isOpen()) {
                    // the last words, after everything pending, blocking: a channel that once waited for room
                    // is registered with the selector and must leave it first
                    SelectionKey k = out[j].channel.keyFor(selector);
                    if (k != null) {
                        k.cancel();
                        selector.selectNow();
                    }
                    // what the far end sent on this channel (TLS 1.3's session tickets) is read and dropped: a
                    // socket closed with bytes unread resets the connection, and the goodbye would be lost
                    ByteBuffer unread = ByteBuffer.allocate(4096);
                    while (out[j].channel.read(unread) > 0) {
                        unread.clear();
                    }
                    out[j].channel.configureBlocking(true);
                    pending[j].putInt(0);
                    while (!write(j)) {
                        // blocking mode: each write goes whole
                    }
                    out[j].closeOutbound();
                }
            } catch (IOException | RuntimeException e) {
                // the far end is gone already; nothing is left to tell it
            }
            quietly(out[j].channel);
        }
        quietly(server);
        synchronized (incoming) {
            incoming.forEach(DirectChannels::quietly);
        }
        quietly(selector);
    }

    @Override
    public void close() {
        close(false);
    }

    private void acceptLoop() {
        while (!closed) {
            SocketChannel s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            Thread greeter = new Thread(() -> greet(s), "fabricsim-lp-" + lp + "-channel-in");
            greeter.setDaemon(true);
            greeter.start();
        }
    }

    /** Greets a new connection and, when it is one of this run's channels into this LP, has the LP read it. */
    private void greet(SocketChannel s) {
        try {
            synchronized (incoming) {
                if (closed) {
                    quietly(s);
                    return;
                }
                incoming.add(s);
            }
            s.socket().setTcpNoDelay(true);
            s.socket().setSoTimeout(GREETING_TIMEOUT_MS);
            Wire wire = tls == null ? Wire.plain(s) : Wire.tls(tls, s, false, GREETING_TIMEOUT_MS);
            ByteBuffer bytes = ByteBuffer.allocate(Math.max(BUFFER_BYTES, wire.room() + GREETING_BYTES));
            wire.readFully(bytes, GREETING_BYTES, s.socket().getInputStream());
            bytes.flip();
            int magic = bytes.getInt();
            int version = bytes.getInt();
            long run = bytes.getLong();
            long key = bytes.getLong();
            int sender = bytes.getInt();
            int to = bytes.getInt();
            bytes.compact(); // what came after the greeting stays for the LP
            boolean ours = magic == MAGIC && version == GREETING_VERSION && run == runId && key == token && to == lp
                    && sender >= 0 && sender < connectedFrom.length && sender != lp;
            synchronized (incoming) {
                ours = ours && !closed && !connectedFrom[sender];
                if (ours) {
                    connectedFrom[sender] = true;
                }
            }
            if (!ours) {
                refuse(s);
                return;
            }
            s.configureBlocking(false); // the LP's thread reads it from now on
            greeted.add(new Inbound(sender, wire, bytes));
            selector.wakeup();
        } catch (IOException | RuntimeException e) {
            refuse(s); // a stray or garbled connection: not one of ours
        }
    }

    /** Closes a connection that is not one of this run's channels, and forgets it. */
    private void refuse(SocketChannel s) {
        synchronized (incoming) {
            incoming.remove(s);
        }
        quietly(s);
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
