package io.github.hessiantime.bench.rpc;

import io.github.hessiantime.testsupport.ChildProtocol;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The provider JVM of the RPC benchmark, started by {@link RpcBenchmark}. It exports {@link OrderService} three
 * times on one loopback port of the {@code dubbo} protocol, once per format (the Dubbo group names the case), and the
 * same three times on a loopback port of {@code tri} (Triple), in groups named {@value #TRIPLE} + the format:
 * <ul>
 *   <li>{@code hessian2}: {@code serialization=hessian2}, nothing preferred;</li>
 *   <li>{@code hessian2-time}: {@code serialization=hessian2}, {@code prefer-serialization=hessian2-time,hessian2},
 *       the opt-in of the hessian-time Dubbo integration;</li>
 *   <li>{@code fastjson2}: {@code serialization=hessian2}, {@code prefer-serialization=fastjson2,hessian2}, how a
 *       Dubbo 3.3 user moves a service to the fastjson2 serialization Dubbo ships, the alternative a java.time user
 *       weighs against hessian2-time.</li>
 * </ul>
 * Over Triple a plain interface travels in Triple's wrapper mode, each argument and the result a stream of the
 * format named in the wrapper; {@code hessian2} is called {@code hessian4} there. It binds and advertises loopback
 * only. It speaks test-support's child-JVM protocol ({@link ChildProtocol}): its
 * ready line names each group's exported URL, and it serves until the consumer sends {@code exit} or closes its stdin
 * (the consumer exited or died), so it never outlives the benchmark; {@code RpcBenchmark --profile} also has it
 * sample its CPU while each case runs ({@link CallProfile}).
 */
public final class RpcProvider {

    /**
     * 127.0.0.1 written as one number: Dubbo refuses hosts starting with "127." (NetUtils.isInvalidLocalHost) and
     * would then bind every interface and advertise the machine's network address.
     */
    static final String LOOPBACK_HOST = "2130706433";

    static final String PLAIN = "hessian2";
    static final String NEGOTIATED = "hessian2-time";
    static final String FASTJSON2 = "fastjson2";
    /** The group prefix of the services exported on {@code tri}. */
    static final String TRIPLE = "tri-";

    private RpcProvider() {
    }

    public static void main(String[] args) throws IOException {
        Logger.getLogger("").setLevel(Level.WARNING);
        ProtocolConfig protocol = new ProtocolConfig("dubbo");
        protocol.setHost(LOOPBACK_HOST);
        protocol.setPort(freeLoopbackPort());
        ProtocolConfig triple = new ProtocolConfig("tri");
        triple.setHost(LOOPBACK_HOST);
        triple.setPort(freeLoopbackPort());

        ApplicationConfig application = new ApplicationConfig("hessian-time-bench-provider");
        application.setQosEnable(false);

        List<ServiceConfig<OrderService>> services = new ArrayList<>();
        for (ProtocolConfig on : List.of(protocol, triple)) {
            String prefix = on == triple ? TRIPLE : "";
            services.add(service(prefix + PLAIN, null, on));
            services.add(service(prefix + NEGOTIATED, "hessian2-time,hessian2", on));
            services.add(service(prefix + FASTJSON2, "fastjson2,hessian2", on));
        }

        DubboBootstrap bootstrap = DubboBootstrap.getInstance()
                .application(application)
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                .protocols(List.of(protocol, triple));
        services.forEach(bootstrap::service);
        bootstrap.start();

        // The ready line of the child-JVM protocol names each group's exported URL: "OK exported <group>=<url> ...".
        StringBuilder exported = new StringBuilder("OK exported");
        for (ServiceConfig<OrderService> service : services) {
            for (URL url : service.getExportedUrls()) {
                exported.append(' ').append(service.getGroup()).append('=').append(url.toFullString());
            }
        }
        ChildProtocol lines = new ChildProtocol();
        lines.line(exported.toString());
        // Serve until the consumer sends "exit" or closes our stdin (it exited or died).
        lines.serve(words -> {
            switch (words[0]) {
                case "exit": return "OK";
                case CallProfile.START:
                case CallProfile.STOP: return CallProfile.serve(words[0]);
                default: return "FAIL unknown command " + words[0];
            }
        }, "exit");
        bootstrap.stop();
        System.exit(0);
    }

    private static ServiceConfig<OrderService> service(String group, String preferSerialization,
                                                       ProtocolConfig protocol) {
        ServiceConfig<OrderService> service = new ServiceConfig<>();
        service.setProtocol(protocol);
        service.setInterface(OrderService.class);
        service.setRef(new OrderServiceImpl());
        service.setGroup(group);
        service.setSerialization("hessian2");
        if (preferSerialization != null) {
            service.setPreferSerialization(preferSerialization);
        }
        service.setFilter("benchSerializationCounter");
        return service;
    }

    private static int freeLoopbackPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
