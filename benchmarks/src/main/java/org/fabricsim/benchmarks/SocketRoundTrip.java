package org.fabricsim.benchmarks;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;

/**
 * The floor under a hop between JVMs (docs/DISTRIBUTED.md, "Channels between JVMs"): the round trip of one
 * message over a plain blocking TCP socket with TCP_NODELAY, each side's thread blocked in {@code read} — what
 * the LPs' direct channels use, without their encoding and actor hand-over. Usage, in two shells (or
 * benchmarks/distributed/artery-rtt.sh):
 * <pre>
 *   java -cp ... org.fabricsim.benchmarks.SocketRoundTrip pong PORT [BYTES] [ROUND_TRIPS]
 *   java -cp ... org.fabricsim.benchmarks.SocketRoundTrip ping PORT [BYTES] [ROUND_TRIPS]
 * </pre>
 * Prints the median, 10th and 90th percentile round trip after a warm-up of a tenth of the round trips.
 */
public final class SocketRoundTrip {
    private SocketRoundTrip() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2 || args.length > 4 || !(args[0].equals("ping") || args[0].equals("pong"))) {
            System.err.println("usage: SocketRoundTrip ping|pong PORT [BYTES] [ROUND_TRIPS]");
            System.exit(2);
        }
        int port = Integer.parseInt(args[1]);
        byte[] message = new byte[args.length > 2 ? Integer.parseInt(args[2]) : 8192];
        int trips = args.length > 3 ? Integer.parseInt(args[3]) : 2000;
        if (args[0].equals("pong")) {
            try (ServerSocket server = new ServerSocket(port); Socket s = server.accept()) {
                s.setTcpNoDelay(true);
                DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream(), 1 << 16));
                OutputStream out = s.getOutputStream();
                for (int i = 0; i < trips; i++) {
                    in.readFully(message);
                    out.write(message);
                }
            }
            return;
        }
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setTcpNoDelay(true);
            DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream(), 1 << 16));
            OutputStream out = s.getOutputStream();
            long[] rtt = new long[trips];
            for (int i = 0; i < trips; i++) {
                long sent = System.nanoTime();
                out.write(message);
                in.readFully(message);
                rtt[i] = System.nanoTime() - sent;
            }
            long[] sorted = Arrays.copyOfRange(rtt, trips / 10, trips);
            Arrays.sort(sorted);
            System.out.printf("TCP socket round trip, %d B, %d round trips: median %d us (p10 %d us, p90 %d us)%n",
                    message.length, sorted.length, sorted[sorted.length / 2] / 1000, sorted[sorted.length / 10] / 1000,
                    sorted[sorted.length * 9 / 10] / 1000);
        }
    }
}
