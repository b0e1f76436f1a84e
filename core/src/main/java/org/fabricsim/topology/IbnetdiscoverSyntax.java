package org.fabricsim.topology;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabricsim.InputException;

/**
 * One line of ibnetdiscover's default output, as a record (docs/TOPOLOGY_FORMAT.md, "ibnetdiscover output"):
 *
 * <pre>
 * vendid=0x2c9                                                    an identity line before a node
 * switchguid=0x2c90300a1b2c0(2c90300a1b2c0)
 * Switch  36 "S-0002c90300a1b2c0"  # "leaf-01" enhanced port 0 lid 3 lmc 0
 * [1]  "H-0002c90300c0ffe0"[1](2c90300c0ffe1)  # "node01 HCA-1" lid 5 4xQDR
 * Ca  2 "H-0002c90300c0ffe0"  # "node01 HCA-1"
 * [1](2c90300c0ffe1)  "S-0002c90300a1b2c0"[1]  # lid 5 lmc 0 "leaf-01" lid 3 4xQDR
 * </pre>
 *
 * Fields are separated by any blanks (the tool writes tabs). Descriptions are quoted without escapes, so a
 * description ends at the last quote before the words that follow it. Extras of other options are accepted and
 * ignored: {@code [ext N]} port mappings and chassis comments of {@code -g}, {@code s= w= v=} of {@code -f},
 * {@code slot N} and {@code (scp)} of Xsigo devices. Mistakes are {@link InputException}s without a location;
 * the reader adds {@code file:line}.
 */
final class IbnetdiscoverSyntax {
    /** Kinds of the identity lines that precede a node line. */
    enum IdKey {
        VENDID, DEVID, SYSIMGGUID, SWITCHGUID, CAGUID, RTGUID
    }

    sealed interface Line permits Id, NodeHeader, PortLine, Ignored {
    }

    /** {@code key=0x<value>}, with the port GUID in parentheses after a switchguid (-1 when absent). */
    record Id(IdKey key, long value, long portGuid) implements Line {
    }

    /**
     * {@code Switch}/{@code Ca}/{@code Rt} line. Switches only: enhanced, lid, lmc (-1 for a Ca).
     *
     * @param type 'S', 'H' or 'R' as in the node's quoted id
     */
    record NodeHeader(char type, int ports, long guid, String description, boolean enhanced, int lid, int lmc)
            implements Line {
    }

    /**
     * A connection line below a node. {@code ownPortGuid}, {@code ownLid} and {@code ownLmc} are given on a CA's
     * lines only (-1 otherwise); {@code peerPortGuid} is -1 when the line gives none (the peer is a switch).
     */
    record PortLine(int port, long ownPortGuid, int ownLid, int ownLmc, char peerType, long peerGuid,
            int peerPort, long peerPortGuid, String peerDescription, int peerLid, String rate) implements Line {
    }

    /** Blank lines, comments and the chassis lines of {@code -g}. */
    record Ignored() implements Line {
    }

    private static final Ignored IGNORED = new Ignored();
    private static final String GUID = "\"([SHR])-([0-9a-fA-F]{1,16})\"";
    private static final String EXT = "(?:\\[ext\\s+\\d+\\])?";
    private static final Pattern NODE = Pattern.compile(
            "(Switch|Ca|Rt)\\s+(\\d+)\\s+" + GUID + "\\s*#\\s*\"(.*)\"(.*)");
    private static final Pattern SWITCH_TAIL = Pattern.compile(
            "\\s+(enhanced|base)\\s+port\\s+0\\s+lid\\s+(\\d+)\\s+lmc\\s+(\\d+)\\s*");
    private static final Pattern CA_TAIL = Pattern.compile("(?:\\s+\\(scp\\))?\\s*");
    private static final Pattern PORT = Pattern.compile("\\[(\\d+)\\]" + EXT + "(?:\\(([0-9a-fA-F]{1,16})\\))?\\s*"
            + GUID + "\\[(\\d+)\\]" + EXT + "\\s*(?:\\(([0-9a-fA-F]{1,16})\\))?\\s*#\\s*(.*)");
    private static final Pattern SWITCH_PORT_COMMENT = Pattern.compile("\"(.*)\"\\s+lid\\s+(\\d+)\\s+(\\S+)(.*)");
    private static final Pattern CA_PORT_COMMENT = Pattern.compile(
            "lid\\s+(\\d+)\\s+lmc\\s+(\\d+)\\s+\"(.*)\"\\s+lid\\s+(\\d+)\\s+(\\S+)(.*)");
    private static final Pattern PORT_TAIL = Pattern.compile(
            "(?:\\s+s=\\d+\\s+w=\\d+\\s+v=\\d+)?(?:\\s+slot\\s+\\d+|\\s+\\(scp\\))?\\s*");

    static final String SWITCH_FORM = "'Switch <ports> \"S-<guid>\" # \"<description>\" enhanced port 0 lid <lid>"
            + " lmc <lmc>'";
    static final String CA_FORM = "'Ca <ports> \"H-<guid>\" # \"<description>\"'";
    static final String SWITCH_PORT_FORM = "'[<port>] \"H-<guid>\"[<port>](<port guid>) # \"<description>\" lid"
            + " <lid> <width><speed>'";
    static final String CA_PORT_FORM = "'[<port>](<port guid>) \"S-<guid>\"[<port>] # lid <lid> lmc <lmc>"
            + " \"<description>\" lid <lid> <width><speed>'";

    private IbnetdiscoverSyntax() {
    }

    /**
     * One line. {@code underSwitch} says whether the last node line was a switch, which decides the form of a
     * port line (a switch's lines give only the peer's LID, a CA's its own LID and port GUID too).
     */
    static Line parse(String text, boolean underSwitch) {
        String s = text.strip();
        if (s.isEmpty() || s.startsWith("#") || s.equals("Non-Chassis Nodes") || s.startsWith("Chassis ")
                || s.startsWith("Hostname:")) {
            return IGNORED;
        }
        if (s.startsWith("[")) {
            return port(s, underSwitch);
        }
        int eq = s.indexOf('=');
        if (eq > 0 && s.substring(0, eq).matches("[a-z]+")) {
            return id(s.substring(0, eq), s.substring(eq + 1));
        }
        if (s.startsWith("Switch") || s.startsWith("Ca") || s.startsWith("Rt")) {
            return node(s);
        }
        throw new InputException("not a line of ibnetdiscover output: '" + abbreviate(s) + "' (expected vendid=,"
                + " devid=, sysimgguid=, switchguid=, caguid=, a Switch or Ca line, or a [port] line)");
    }

    private static Id id(String keyword, String rest) {
        IdKey key;
        try {
            key = IdKey.valueOf(keyword.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InputException("unknown line '" + keyword + "=' (ibnetdiscover writes vendid=, devid=,"
                    + " sysimgguid=, switchguid= and caguid= lines before a node)");
        }
        String value = rest;
        int hash = value.indexOf('#');
        if (hash >= 0) {
            value = value.substring(0, hash); // -g appends "# Chassis ..." comments
        }
        value = value.strip();
        long portGuid = -1;
        int paren = value.indexOf('(');
        if (key == IdKey.SWITCHGUID && paren >= 0 && value.endsWith(")")) {
            portGuid = hex(value.substring(paren + 1, value.length() - 1), keyword + "= port GUID");
            value = value.substring(0, paren);
        }
        if (!value.startsWith("0x") || value.length() < 3) {
            throw new InputException("bad " + keyword + "= value '" + rest.strip() + "': expected 0x followed by"
                    + " hexadecimal digits");
        }
        return new Id(key, hex(value.substring(2), keyword + "="), portGuid);
    }

    private static NodeHeader node(String s) {
        Matcher m = NODE.matcher(s);
        if (!m.matches()) {
            throw new InputException("malformed node line '" + abbreviate(s) + "' (expected " + SWITCH_FORM + " or "
                    + CA_FORM + ")");
        }
        String kind = m.group(1);
        char type = m.group(3).charAt(0);
        char expected = kind.equals("Switch") ? 'S' : kind.equals("Ca") ? 'H' : 'R';
        if (type != expected) {
            throw new InputException(kind + " line with a \"" + type + "-\" GUID: a " + kind + "'s GUID is written \""
                    + expected + "-<guid>\"");
        }
        int ports = number(m.group(2), "port count", 1, IbSubnet.MAX_SWITCH_PORTS);
        long guid = hex(m.group(4), "GUID");
        String description = m.group(5);
        String tail = m.group(6);
        if (kind.equals("Switch")) {
            Matcher t = SWITCH_TAIL.matcher(tail);
            if (!t.matches()) {
                throw new InputException("malformed Switch line: after the description ibnetdiscover writes"
                        + " 'enhanced port 0 lid <lid> lmc <lmc>' or 'base port 0 ...' (got '" + abbreviate(tail.strip())
                        + "')");
            }
            return new NodeHeader(type, ports, guid, description, t.group(1).equals("enhanced"),
                    lid(t.group(2)), number(t.group(3), "LMC", 0, 7));
        }
        if (!CA_TAIL.matcher(tail).matches()) {
            throw new InputException("malformed " + kind + " line: unexpected '" + abbreviate(tail.strip())
                    + "' after the description (expected " + CA_FORM + ")");
        }
        return new NodeHeader(type, ports, guid, description, false, -1, -1);
    }

    private static PortLine port(String s, boolean underSwitch) {
        Matcher m = PORT.matcher(s);
        String form = underSwitch ? SWITCH_PORT_FORM : CA_PORT_FORM;
        if (!m.matches()) {
            throw new InputException("malformed port line '" + abbreviate(s) + "' (expected " + form + ")");
        }
        int port = number(m.group(1), "port number", 0, 255);
        if (underSwitch == (m.group(2) != null)) {
            throw new InputException(underSwitch
                    ? "a switch's port line gives no port GUID after its own port number (expected " + form + ")"
                    : "a CA's port line gives the port's GUID after its number, e.g. '[1](2c90300c0ffe1)' (expected "
                            + form + ")");
        }
        long ownGuid = underSwitch ? -1 : hex(m.group(2), "port GUID");
        char peerType = m.group(3).charAt(0);
        long peerGuid = hex(m.group(4), "GUID");
        int peerPort = number(m.group(5), "port number", 0, 255);
        long peerPortGuid = m.group(6) == null ? -1 : hex(m.group(6), "port GUID");
        String comment = m.group(7);
        if (underSwitch) {
            Matcher c = SWITCH_PORT_COMMENT.matcher(comment);
            if (!c.matches()) {
                throw new InputException("malformed port line: after '#' a switch's port line gives"
                        + " '\"<peer description>\" lid <peer lid> <width><speed>' (got '" + abbreviate(comment) + "')");
            }
            checkTail(c.group(4));
            return new PortLine(port, -1, -1, -1, peerType, peerGuid, peerPort, peerPortGuid, c.group(1),
                    lid(c.group(2)), rate(c.group(3)));
        }
        Matcher c = CA_PORT_COMMENT.matcher(comment);
        if (!c.matches()) {
            throw new InputException("malformed port line: after '#' a CA's port line gives 'lid <lid> lmc <lmc>"
                    + " \"<peer description>\" lid <peer lid> <width><speed>' (got '" + abbreviate(comment) + "')");
        }
        checkTail(c.group(6));
        return new PortLine(port, ownGuid, lid(c.group(1)), number(c.group(2), "LMC", 0, 7), peerType, peerGuid,
                peerPort, peerPortGuid, c.group(3), lid(c.group(4)), rate(c.group(5)));
    }

    private static void checkTail(String tail) {
        if (!PORT_TAIL.matcher(tail).matches()) {
            throw new InputException("unexpected '" + abbreviate(tail.strip()) + "' after the link's width and speed");
        }
    }

    /** The token itself once it is known to name a rate; IbLinkRate says what is wrong with a bad one. */
    private static String rate(String token) {
        IbLinkRate.bps(token);
        return token;
    }

    private static int lid(String digits) {
        return number(digits, "LID", 0, IbSubnet.MAX_UNICAST_LID);
    }

    private static int number(String digits, String what, int min, int max) {
        long v = digits.length() > 9 ? Long.MAX_VALUE : Long.parseLong(digits);
        if (v < min || v > max) {
            throw new InputException(what + " " + digits + " is out of range (" + min + ".." + max + ")");
        }
        return (int) v;
    }

    private static long hex(String digits, String what) {
        if (digits.isEmpty() || digits.length() > 16 || !digits.matches("[0-9a-fA-F]+")) {
            throw new InputException("bad " + what + " '" + digits + "': expected up to 16 hexadecimal digits");
        }
        return Long.parseUnsignedLong(digits, 16);
    }

    /** Long lines are cut in messages, which stay one readable line. */
    static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }
}
