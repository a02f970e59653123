package io.github.hessiantime.migration;

import io.github.hessiantime.testsupport.ChildProtocol;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A peer of the playbook test, driven through test-support's line protocol: it provides {@link OrderBook} on the
 * dubbo protocol, advertising {@code hessian2-time}, and calls the other peer's. Which version of {@link Order} it has
 * depends on its class path. Arguments: name, port (of its frame tap), host to bind.
 *
 * <p>Commands: {@code provide [version serialization prefer-serialization]} (default: no version, {@code hessian2} and
 * {@code hessian2-time,hessian2}); {@code consume <port> [alias version prefer-serialization|-]} (a tap's port;
 * default alias {@code other}, no version, preferring hessian2-time; {@code -}: plain hessian2); {@code call <n> [alias]} (n
 * orders, each checked on its way back); {@code served} (what arrived here, checked); {@code version}; {@code exit}.
 */
public final class MigrationPeer implements OrderBook {
    private static final String PREFER = "hessian2-time,hessian2";

    private final ApplicationConfig application;
    private final int port;
    private final String host;
    private final AtomicInteger served = new AtomicInteger();
    private final AtomicInteger servedRight = new AtomicInteger();
    private volatile String firstWrong = "-";
    private final Map<String, OrderBook> references = new ConcurrentHashMap<>();

    private MigrationPeer(String name, int port, String host) {
        this.application = new ApplicationConfig(name);
        this.port = port;
        this.host = host;
    }

    public static void main(String[] args) throws Exception {
        ChildProtocol protocol = new ChildProtocol();
        MigrationPeer peer = new MigrationPeer(args[0], Integer.parseInt(args[1]), args[2]);
        protocol.line("OK started " + args[0]);
        protocol.serve(peer::execute, "exit");
        System.exit(0);
    }

    @Override
    public Order place(Order order) {
        served.incrementAndGet();
        if (order.holdsTheMoment()) {
            servedRight.incrementAndGet();
        } else {
            firstWrong = order.describe();
        }
        return Order.sample("placed " + order.id);
    }

    private String execute(String[] command) {
        switch (command[0]) {
            case "provide":
                return command.length > 1 ? provide(command[1], command[2], command[3]) : provide("-", "hessian2", PREFER);
            case "consume":
                return command.length > 2 ? consume(Integer.parseInt(command[1]), command[2], command[3], command[4])
                        : consume(Integer.parseInt(command[1]), "other", "-", PREFER);
            case "call":
                return call(Integer.parseInt(command[1]), command.length > 2 ? command[2] : "other");
            case "served":
                return "OK served=" + served + " right=" + servedRight + " first=" + ChildProtocol.oneLine(firstWrong)
                        .replace(' ', '_');
            case "version":
                return "OK " + Order.sample("v").describe().replace(' ', '_');
            case "exit":
                return "OK exiting";
            default:
                return "FAIL unknown command " + command[0];
        }
    }

    /**
     * Exports the service (in {@code version} unless {@code -}) with these serialization settings, on the service.
     * A version, not a group: Dubbo permits a service's serializations by interface and version, across its groups.
     */
    private String provide(String version, String serialization, String preferSerialization) {
        ProtocolConfig protocol = new ProtocolConfig("dubbo", port);   // per export: the same port, the same server
        protocol.setHost(host);
        ServiceConfig<OrderBook> service = new ServiceConfig<>();
        service.setApplication(application);
        service.setRegistry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
        service.setProtocol(protocol);
        service.setInterface(OrderBook.class);
        if (!"-".equals(version)) {
            service.setVersion(version);
        }
        service.setSerialization(serialization);
        service.setPreferSerialization(preferSerialization);
        service.setRef(this);
        service.export();
        return "OK provided";
    }

    /**
     * A reference to the service at a tap's port, as a registry would give its URL: preferring
     * {@code preferSerialization}, or ({@code -}) plain hessian2, as a consumer without the jar sends.
     */
    private String consume(int otherPort, String alias, String version, String preferSerialization) {
        ReferenceConfig<OrderBook> reference = new ReferenceConfig<>();
        reference.setApplication(application);
        reference.setInterface(OrderBook.class);
        reference.setScope("remote");
        reference.setTimeout(15_000);
        reference.setRetries(0);    // one frame per call: the test counts them
        if (!"-".equals(version)) {
            reference.setVersion(version);
        }
        reference.setUrl("dubbo://" + System.getProperty("migration.registeredHost") + ":" + otherPort + "/"
                + OrderBook.class.getName() + "?serialization=hessian2"
                + ("-".equals(preferSerialization) ? "" : "&prefer.serialization=" + preferSerialization)
                + ("-".equals(version) ? "" : "&version=" + version));
        references.put(alias, reference.get());
        return "OK consumed " + alias;
    }

    private String call(int calls, String alias) {
        OrderBook other = references.get(alias);
        int right = 0;
        int failed = 0;
        String first = "-";
        for (int i = 0; i < calls; i++) {
            try {
                Order reply = other.place(Order.sample("call-" + i));
                if (reply.holdsTheMoment() && ("placed call-" + i).equals(reply.id)) {
                    right++;
                } else if (first.equals("-")) {
                    first = "reply " + reply.describe();
                }
            } catch (RuntimeException e) {
                failed++;
                if (first.equals("-")) {
                    first = ChildProtocol.describe(e);
                }
            }
        }
        return "OK calls=" + calls + " right=" + right + " failed=" + failed + " first="
                + ChildProtocol.oneLine(first).replace(' ', '_');
    }
}
