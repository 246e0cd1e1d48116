#!/usr/bin/perl
# Reads the contract with Perl's OpenAPI::Client (Debian libopenapi-client-perl), which builds one
# method per operationId, and calls two operations by operationId against a running server (the
# Prism mock in the tests): the health check, without credentials, and the signup link, with the
# Service-API-Key header. OpenAPI::Client validates each request against the contract before it
# sends it; this script also validates each response with the same loaded contract.
#
# usage: call-mock.pl <edition: generated/openapi-3.0.json> <base URL> <api key>
# Prints one JSON object: { "edition": "...", "calls": [ { operationId, status, body, errors } ] }
# and exits non-zero when a call fails or an answer does not match the contract.
use strict;
use warnings;
use Mojo::JSON qw(encode_json);
use OpenAPI::Client;

my ($edition, $base_url, $api_key) = @ARGV;
die "usage: $0 <openapi-3.0.json> <base URL> <api key>\n" unless $edition && $base_url && $api_key;

my $client = OpenAPI::Client->new("file://$edition", base_url => $base_url);

# The credential is a security scheme, not a parameter, so OpenAPI::Client leaves it to the caller:
# add it to the operations that declare the API key scheme.
my %needs_key = map { $_->{operation_id} => 1 } grep { requires_api_key($_) } $client->validator->routes->each;
$client->on(after_build_tx => sub {
  my ($client, $tx) = @_;
  $tx->req->headers->header('Service-API-Key' => $api_key) if $needs_key{ $tx->req->env->{operationId} };
});

my @calls = (
  [healthcheck        => {}],
  [generateSignupLink => {user_email => 'new.user@acme.example', send_email => 'false'}],
);

my ($failed, @results) = (0);
for my $call (@calls) {
  my ($operation_id, $params) = @$call;
  my $tx     = $client->call($operation_id => $params);
  my $res    = $tx->res;
  my $route  = route_of($operation_id);
  my @errors = map {"$_"} $client->validator->validate_response(
    [$route->{method}, $route->{path}, $res->code // 0],
    {body => sub { {exists => 1, value => $res->json} }, header => sub { [$res->headers->header($_[0])] }},
  );
  push @errors, "HTTP " . ($res->code // 'no answer') . ': ' . ($tx->error->{message} // '') if $tx->error;
  $failed++ if @errors;
  push @results, {operationId => $operation_id, status => $res->code, body => $res->json, errors => \@errors};
}

print encode_json({edition => $client->validator->get('/openapi'), operations => scalar(@{$client->validator->routes->to_array}), calls => \@results}), "\n";
exit($failed ? 1 : 0);

sub route_of {
  my ($operation_id) = @_;
  my ($route) = grep { ($_->{operation_id} // '') eq $operation_id } $client->validator->routes->each;
  die "the contract has no operationId $operation_id\n" unless $route;
  return $route;
}

sub requires_api_key {
  my ($route) = @_;
  my $operation = $client->validator->get(['paths', $route->{path}, $route->{method}]);
  my $security  = $operation->{security} // $client->validator->get('/security') // [];
  return grep { exists $_->{ApiKeyHeader} } @$security;
}
