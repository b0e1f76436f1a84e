package org.fabricsim.topology;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import org.fabricsim.InputException;

/**
 * A host or switch as a topology file declares it, with the ports its link lines have used so far: where an
 * explicit port clashes ({@link #checkFree}) and which port an endpoint without one gets ({@link #autoPort}).
 */
final class DeclaredNode {
    final int id; // builder id
    final boolean host;
    final String name;
    final int line;
    final int declaredPorts; // -1: as many as used
    private final BitSet used = new BitSet();
    private final Map<Integer, Use> uses = new HashMap<>();
    private int links;

    /** Where a port was linked: the link's line and the other end (for the message of a second use). */
    private record Use(int line, DeclaredNode other, int otherPort) {
    }

    DeclaredNode(int id, boolean host, String name, int line, int declaredPorts) {
        this.id = id;
        this.host = host;
        this.name = name;
        this.line = line;
        this.declaredPorts = declaredPorts;
    }

    /** Link lines that used this node so far. */
    int links() {
        return links;
    }

    /** The ports this node takes: one past its highest port used, or its declared count if that is more. */
    long portCount() {
        return Math.max(used.length(), Math.max(declaredPorts, 0));
    }

    /** Refuses an explicit port that an earlier link line already used. */
    void checkFree(int port) {
        Use use = uses.get(port);
        if (use == null) {
            return;
        }
        if (host) {
            throw new InputException("host " + name + " has several links: line " + use.line()
                    + " already links it to " + use.other().name + " port " + use.otherPort()
                    + " (a host has one port)");
        }
        throw new InputException("port " + port + " of " + name + " is used twice: line " + use.line()
                + " already links it to " + use.other().name + " port " + use.otherPort());
    }

    /** The lowest port not used so far, for an endpoint without a port. */
    int autoPort() {
        int port = used.nextClearBit(0);
        int limit = declaredPorts >= 0 ? declaredPorts : TopologyFile.MAX_PORT + 1;
        if (port >= limit) {
            throw new InputException("switch " + name + " has no free port left for an automatic port (ports "
                    + "0.." + (limit - 1) + " are used)");
        }
        return port;
    }

    /** {@code port} is linked, on {@code line}, to {@code otherPort} of {@code other}. */
    void use(int port, int line, DeclaredNode other, int otherPort) {
        used.set(port);
        uses.put(port, new Use(line, other, otherPort));
        links++;
    }
}
