"""Resolves a server's services through gRPC server reflection, as a client that is not grpc-js.

    /usr/bin/python3 grpc-reflection.py <host:port> <v1|v1alpha> [message type ...]

Lists the services, asks for the file containing each (and each extra message type), adds every
FileDescriptorProto it is sent, dependencies first, to a fresh descriptor pool, and resolves each
service, its methods' input and output types, and the extra types in that pool. Prints JSON.
Needs Debian's python3-grpcio and python3-protobuf.
"""

import json
import sys

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, text_format
from google.protobuf.message_factory import MessageFactory

# The reflection messages this client uses (grpc/reflection/v1/reflection.proto; v1alpha is the
# same), declared here because Debian ships no reflection stubs.
REFLECTION_PROTO = """
name: "reflection-client.proto"
package: "reflection.client"
syntax: "proto3"
message_type {
  name: "Request"
  field { name: "host" number: 1 label: LABEL_OPTIONAL type: TYPE_STRING }
  field { name: "file_by_filename" number: 3 label: LABEL_OPTIONAL type: TYPE_STRING oneof_index: 0 }
  field { name: "file_containing_symbol" number: 4 label: LABEL_OPTIONAL type: TYPE_STRING oneof_index: 0 }
  field { name: "list_services" number: 7 label: LABEL_OPTIONAL type: TYPE_STRING oneof_index: 0 }
  oneof_decl { name: "message_request" }
}
message_type {
  name: "Response"
  field { name: "valid_host" number: 1 label: LABEL_OPTIONAL type: TYPE_STRING }
  field { name: "file_descriptor_response" number: 4 label: LABEL_OPTIONAL type: TYPE_MESSAGE type_name: ".reflection.client.Files" oneof_index: 0 }
  field { name: "list_services_response" number: 6 label: LABEL_OPTIONAL type: TYPE_MESSAGE type_name: ".reflection.client.Services" oneof_index: 0 }
  field { name: "error_response" number: 7 label: LABEL_OPTIONAL type: TYPE_MESSAGE type_name: ".reflection.client.Error" oneof_index: 0 }
  oneof_decl { name: "message_response" }
}
message_type {
  name: "Files"
  field { name: "file_descriptor_proto" number: 1 label: LABEL_REPEATED type: TYPE_BYTES }
}
message_type {
  name: "Services"
  field { name: "service" number: 1 label: LABEL_REPEATED type: TYPE_MESSAGE type_name: ".reflection.client.Service" }
}
message_type {
  name: "Service"
  field { name: "name" number: 1 label: LABEL_OPTIONAL type: TYPE_STRING }
}
message_type {
  name: "Error"
  field { name: "error_code" number: 1 label: LABEL_OPTIONAL type: TYPE_INT32 }
  field { name: "error_message" number: 2 label: LABEL_OPTIONAL type: TYPE_STRING }
}
"""


def reflection_messages():
    pool = descriptor_pool.DescriptorPool()
    pool.Add(text_format.Parse(REFLECTION_PROTO, descriptor_pb2.FileDescriptorProto()))
    factory = MessageFactory(pool)
    return tuple(
        factory.GetPrototype(pool.FindMessageTypeByName(f"reflection.client.{name}"))
        for name in ("Request", "Response")
    )


def main():
    address, version, *extra_types = sys.argv[1:]
    Request, Response = reflection_messages()
    channel = grpc.insecure_channel(address)
    info = channel.stream_stream(
        f"/grpc.reflection.{version}.ServerReflection/ServerReflectionInfo",
        request_serializer=Request.SerializeToString,
        response_deserializer=Response.FromString,
    )

    def ask(**request):
        (response,) = list(info(iter([Request(**request)]), timeout=10))
        if response.HasField("error_response"):
            raise SystemExit(f"reflection error for {request}: {response.error_response}")
        return response

    services = [s.name for s in ask(list_services="*").list_services_response.service]
    files = {}
    for symbol in services + extra_types:
        for raw in ask(file_containing_symbol=symbol).file_descriptor_response.file_descriptor_proto:
            proto = descriptor_pb2.FileDescriptorProto.FromString(raw)
            files[proto.name] = proto

    pool = descriptor_pool.DescriptorPool()
    added = []

    def add(name):
        if name in added:
            return
        if name not in files:
            raise SystemExit(f"reflection did not send {name}")
        for dependency in files[name].dependency:
            add(dependency)
        pool.Add(files[name])
        added.append(name)

    for name in sorted(files):
        add(name)

    def message(full_name):
        found = pool.FindMessageTypeByName(full_name)
        return {
            "name": found.full_name,
            "file": found.file.name,
            "fields": {
                field.name: field.message_type.full_name
                if field.message_type
                else field.enum_type.full_name
                if field.enum_type
                else field.type
                for field in found.fields
            },
        }

    result = {"services": {}, "messages": {}, "files": {}}
    for name in services:
        service = pool.FindServiceByName(name)
        result["services"][name] = {
            "file": service.file.name,
            "methods": {
                method.name: {
                    "input": message(method.input_type.full_name),
                    "output": message(method.output_type.full_name),
                }
                for method in service.methods
            },
        }
    for name in extra_types:
        result["messages"][name] = message(name)
    for name in added:
        result["files"][name] = {"package": files[name].package, "dependency": list(files[name].dependency)}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
