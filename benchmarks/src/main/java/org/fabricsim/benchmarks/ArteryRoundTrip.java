package org.fabricsim.benchmarks;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.Arrays;
import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorSelection;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Props;

/**
 * The floor under a distributed run across JVMs (docs/DISTRIBUTED.md): the round-trip time of one message
 * between two actor systems over Pekko Artery TCP, measured by ping-pong (no simulation, idle receivers). A
 * conservative LP waits for one such hop per lookahead window of simulated time. Usage, in two shells (or
 * benchmarks/distributed/artery-rtt.sh):
 * <pre>
 *   java -cp ... org.fabricsim.benchmarks.ArteryRoundTrip pong PORT
 *   java -cp ... org.fabricsim.benchmarks.ArteryRoundTrip ping PORT PEER_PORT [BYTES] [ROUND_TRIPS]
 * </pre>
 * Prints the median, 10th and 90th percentile round trip after a warm-up of a tenth of the round trips.
 */
public final class ArteryRoundTrip {
    private ArteryRoundTrip() {
    }

    static final class Ponger extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder().match(byte[].class, m -> getSender().tell(m, getSelf())).build();
        }
    }

    static final class Pinger extends AbstractActor {
        private final ActorSelection peer;
        private final byte[] payload;
        private final long[] rtt;
        private int n;
        private long sent;

        Pinger(String peerPath, int bytes, int roundTrips) {
            this.peer = getContext().actorSelection(peerPath);
            this.payload = new byte[bytes];
            this.rtt = new long[roundTrips];
        }

        @Override
        public void preStart() {
            sent = System.nanoTime();
            peer.tell(payload, getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(byte[].class, m -> {
                rtt[n++] = System.nanoTime() - sent;
                if (n == rtt.length) {
                    long[] s = Arrays.copyOfRange(rtt, rtt.length / 10, rtt.length);
                    Arrays.sort(s);
                    System.out.printf("Artery TCP round trip, %d B, %d round trips: median %d us (p10 %d us, p90 %d us)%n",
                            payload.length, s.length, s[s.length / 2] / 1000, s[s.length / 10] / 1000,
                            s[s.length * 9 / 10] / 1000);
                    getContext().getSystem().terminate();
                    return;
                }
                sent = System.nanoTime();
                peer.tell(payload, getSelf());
            }).build();
        }
    }

    public static void main(String[] args) throws Exception {
        // every argument is used: a word too many is refused, not ignored
        boolean pong = args.length == 2 && args[0].equals("pong");
        boolean ping = args.length >= 3 && args.length <= 5 && args[0].equals("ping");
        if (!pong && !ping) {
            System.err.println("usage: ArteryRoundTrip pong PORT | ping PORT PEER_PORT [BYTES] [ROUND_TRIPS]");
            System.exit(2);
        }
        Config c = ConfigFactory.parseString("""
                pekko.loglevel = WARNING
                pekko.actor.provider = remote
                pekko.remote.artery.transport = tcp
                pekko.remote.artery.canonical.hostname = "127.0.0.1"
                pekko.remote.artery.canonical.port = %s
                pekko.actor.serialization-bindings { "[B" = bytes }
                """.formatted(args[1])).withFallback(ConfigFactory.defaultReference());
        ActorSystem system = ActorSystem.create("rtt", c);
        if (args[0].equals("pong")) {
            system.actorOf(Props.create(Ponger.class, Ponger::new), "pong");
        } else {
            String peer = "pekko://rtt@127.0.0.1:" + args[2] + "/user/pong";
            int bytes = args.length > 3 ? Integer.parseInt(args[3]) : 8192;
            int trips = args.length > 4 ? Integer.parseInt(args[4]) : 2000;
            system.actorOf(Props.create(Pinger.class, () -> new Pinger(peer, bytes, trips)));
        }
        system.getWhenTerminated().toCompletableFuture().get();
    }
}
