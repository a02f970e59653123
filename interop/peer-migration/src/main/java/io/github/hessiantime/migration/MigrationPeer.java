package io.github.hessiantime.migration;

import io.github.hessiantime.testsupport.ChildProtocol;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A peer of the playbook test, driven through test-support's line protocol: it provides {@link OrderBook} on the
 * dubbo protocol, advertising {@code hessian2-time}, and calls the other peer's. Which version of {@link Order} it has
 * depends on its class path. Arguments: name, port (of its frame tap), host to bind.
 *
 * <p>Commands: {@code provide}; {@code consume <port>} (the other peer's tap); {@code call <n>} (n orders to the other
 * peer, each checked on its way back); {@code served} (what arrived here, checked); {@code version}; {@code exit}.
 */
public final class MigrationPeer implements OrderBook {
    private static final String PREFER = "hessian2-time,hessian2";

    private final ApplicationConfig application;
    private final int port;
    private final String host;
    private final AtomicInteger served = new AtomicInteger();
    private final AtomicInteger servedRight = new AtomicInteger();
    private volatile String firstWrong = "-";
    private OrderBook other;

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
                return provide();
            case "consume":
                return consume(Integer.parseInt(command[1]));
            case "call":
                return call(Integer.parseInt(command[1]));
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

    private String provide() {
        ProtocolConfig protocol = new ProtocolConfig("dubbo", port);
        protocol.setHost(host);
        protocol.setSerialization("hessian2");
        protocol.setPreferSerialization(PREFER);
        ServiceConfig<OrderBook> service = new ServiceConfig<>();
        service.setApplication(application);
        service.setRegistry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
        service.setProtocol(protocol);
        service.setInterface(OrderBook.class);
        service.setRef(this);
        service.export();
        return "OK provided";
    }

    private String consume(int otherPort) {
        ReferenceConfig<OrderBook> reference = new ReferenceConfig<>();
        reference.setApplication(application);
        reference.setInterface(OrderBook.class);
        reference.setScope("remote");
        reference.setTimeout(15_000);
        // the other peer's provider URL as a registry would give it: it prefers hessian2-time
        reference.setUrl("dubbo://" + System.getProperty("migration.registeredHost") + ":" + otherPort + "/"
                + OrderBook.class.getName() + "?prefer.serialization=" + PREFER + "&serialization=hessian2");
        other = reference.get();
        return "OK consumed";
    }

    private String call(int calls) {
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
