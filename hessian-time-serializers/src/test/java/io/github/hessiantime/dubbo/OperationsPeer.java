package io.github.hessiantime.dubbo;

import io.github.hessiantime.testsupport.ChildProtocol;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.MetricsConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.service.EchoService;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A provider or consumer JVM for {@code OperationsIT}, with QoS on a loopback port and Dubbo's Prometheus metrics on;
 * driven through test-support's line protocol. Only Dubbo API that 3.2 and 3.3 share.
 *
 * <pre>
 * provider QOS_PORT DUBBO_PORT TRI_PORT   exports groups "a" and "b" on dubbo and tri, both offering hessian2-time
 * consumer QOS_PORT DUBBO_PORT TRI_PORT   refers to a over dubbo and tri with the provider's URL parameters
 *                                         (negotiating hessian2-time), b over dubbo and tri asking for hessian2 only
 * </pre>
 * Commands: {@code calls N} (N calls on every reference), {@code echoes} (Dubbo's {@code $echo} once on every Triple
 * reference), {@code exit}.
 */
public final class OperationsPeer {

    /** 127.0.0.1 as one number: Dubbo ignores hosts starting with "127." and would bind every interface. */
    static final String LOOPBACK = "2130706433";
    /**
     * The parameters a provider of a service that Triple can reach registers when it offers hessian2-time (hessian2-time
     * moved out of {@code prefer.serialization} into hessian-time's marker): what a consumer with the jar finds in the
     * registry, given here in a direct URL.
     */
    static final String ADVERTISED = "prefer.serialization=hessian2"
            + "&hessian2-time-prefer-serialization=hessian2-time,hessian2&serialization=hessian2";

    /** The service: an Instant there and back. */
    public interface Clock {
        Instant echo(Instant value);
    }

    public static final class EchoingClock implements Clock {
        @Override
        public Instant echo(Instant value) {
            return value;
        }
    }

    private OperationsPeer() {
    }

    public static void main(String[] args) throws Exception {
        String role = args[0];
        int qosPort = Integer.parseInt(args[1]);
        int dubboPort = Integer.parseInt(args[2]);
        int triplePort = Integer.parseInt(args[3]);

        ApplicationConfig application = new ApplicationConfig("ops-" + role);
        application.setQosEnable(true);
        application.setQosHost("127.0.0.1");
        application.setQosPort(qosPort);
        application.setQosAcceptForeignIp(false);
        // interface-level registration only: Dubbo exports no MetadataService, whose port would bind every interface
        application.setRegisterMode("interface");
        MetricsConfig metrics = new MetricsConfig();
        metrics.setProtocol("prometheus");
        metrics.setExportMetricsService(false);
        DubboBootstrap bootstrap = DubboBootstrap.getInstance().application(application).metrics(metrics)
                .registry(new RegistryConfig("N/A"));

        Map<String, Clock> references = new LinkedHashMap<>();
        if ("provider".equals(role)) {
            ProtocolConfig dubbo = protocol("dubbo", dubboPort);
            ProtocolConfig triple = protocol("tri", triplePort);
            bootstrap.service(service("a", dubbo, triple)).service(service("b", dubbo, triple));
            bootstrap.start();
        } else {
            String address = "://" + LOOPBACK + ":";
            List<ReferenceConfig<Clock>> configs = new ArrayList<>();
            configs.add(reference("a", "dubbo" + address + dubboPort + "?" + ADVERTISED));
            configs.add(reference("a", "tri" + address + triplePort + "?" + ADVERTISED));
            // what a consumer without the jar sends
            configs.add(reference("b", "dubbo" + address + dubboPort + "?prefer.serialization=hessian2"));
            configs.add(reference("b", "tri" + address + triplePort + "?prefer.serialization=hessian2"));
            configs.forEach(bootstrap::reference);
            bootstrap.start();
            for (ReferenceConfig<Clock> config : configs) {
                references.put(config.getGroup() + " " + config.getUrl(), config.get());
            }
        }

        ChildProtocol protocol = new ChildProtocol();
        protocol.line("OK started " + role);
        protocol.serve(command -> execute(command, references), "exit");
        bootstrap.stop();
        System.exit(0);
    }

    private static ProtocolConfig protocol(String name, int port) {
        ProtocolConfig protocol = new ProtocolConfig(name, port);
        protocol.setHost(LOOPBACK);
        protocol.setSerialization("hessian2");
        protocol.setPreferSerialization("hessian2-time,hessian2");
        return protocol;
    }

    private static ServiceConfig<Clock> service(String group, ProtocolConfig... protocols) {
        ServiceConfig<Clock> service = new ServiceConfig<>();
        service.setInterface(Clock.class);
        service.setRef(new EchoingClock());
        service.setGroup(group);
        service.setProtocols(Arrays.asList(protocols));
        return service;
    }

    private static ReferenceConfig<Clock> reference(String group, String url) {
        ReferenceConfig<Clock> reference = new ReferenceConfig<>();
        reference.setInterface(Clock.class);
        reference.setGroup(group);
        reference.setUrl(url);
        reference.setTimeout(15_000);
        return reference;
    }

    private static String execute(String[] command, Map<String, Clock> references) {
        switch (command[0]) {
            case "calls":
                int calls = Integer.parseInt(command[1]);
                Instant value = Instant.parse("2025-11-22T10:15:30.123456789Z");
                for (Map.Entry<String, Clock> reference : references.entrySet()) {
                    for (int i = 0; i < calls; i++) {
                        Instant back = reference.getValue().echo(value.plusSeconds(i));
                        if (!value.plusSeconds(i).equals(back)) {
                            return "FAIL " + reference.getKey() + " answered " + back;
                        }
                    }
                }
                return "OK " + calls + " calls on each of " + references.size() + " references";
            case "echoes":
                int echoed = 0;
                for (Map.Entry<String, Clock> reference : references.entrySet()) {
                    if (reference.getKey().contains(" tri://")) {
                        Object back = ((EchoService) reference.getValue()).$echo("ping");
                        if (!"ping".equals(back)) {
                            return "FAIL " + reference.getKey() + " echoed " + back;
                        }
                        echoed++;
                    }
                }
                return "OK echoed on " + echoed + " references";
            case "exit":
                return "OK exiting";
            default:
                return "FAIL unknown command " + command[0];
        }
    }
}
